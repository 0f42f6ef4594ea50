import Cookies from 'js-cookie';

/** The cookie operations the session store needs; tests hand in a map-backed jar. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, expires: Date): void;
  remove(name: string): void;
}

export const browserCookieJar: CookieJar = {
  get: (name) => Cookies.get(name),
  set: (name, value, expires) =>
    Cookies.set(name, value, { expires, path: '/', sameSite: 'Strict', secure: window.location.protocol === 'https:' }),
  remove: (name) => Cookies.remove(name, { path: '/' }),
};

/** An in-memory jar that honours expiry against the given clock. */
export function memoryCookieJar(now: () => number = Date.now): CookieJar {
  const values = new Map<string, { value: string; expires: number }>();
  return {
    get(name) {
      const entry = values.get(name);
      if (!entry) return undefined;
      if (entry.expires <= now()) {
        values.delete(name);
        return undefined;
      }
      return entry.value;
    },
    set: (name, value, expires) => void values.set(name, { value, expires: expires.getTime() }),
    remove: (name) => void values.delete(name),
  };
}
