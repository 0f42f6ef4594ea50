import type { ClientView, ServerFetch } from '../../shared/server-render';

/**
 * What the client's first render reads of where it runs: in a browser, its localStorage, its
 * colour-scheme preference, its languages and cookies; in a server render (src/client/ssr/), what
 * the request says of them (its cookies, and the view the client mirrored, VIEW_COOKIE). Code
 * that runs during a render reads these rather than `window`, so the server's render and the
 * browser's hydration start from the same inputs.
 */

export const inBrowser = typeof window !== 'undefined';

interface ServerInputs {
  view: ClientView;
  cookies: Readonly<Record<string, string>>;
  /** The server answers the render's API calls in process. */
  fetch: ServerFetch;
}

/** The request the server is rendering; set around one render at a time (src/client/ssr/render-queue.ts). */
let server: ServerInputs | undefined;

export function setServerInputs(inputs: ServerInputs | undefined): void {
  server = inputs;
}

type ViewStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** On the server: the mirrored entries, read-only (a render never writes). */
const serverStorage = (view: ClientView): ViewStorage => ({
  getItem: (key) => view.storage[key] ?? null,
  setItem: () => undefined,
});

const viewListeners = new Set<() => void>();

/**
 * Called after each choice the app remembers through viewStorage(): what the server mirrors of
 * this browser (ssr/view-cookie.ts) is written at once, not only when the page is left: a page
 * opened in a new tab right after is rendered with the new choice.
 */
export function onViewChange(listener: () => void): () => void {
  viewListeners.add(listener);
  return () => viewListeners.delete(listener);
}

/** localStorage, telling onViewChange's listeners of each entry written. */
const browserStorage = (storage: Storage): ViewStorage => ({
  getItem: (key) => storage.getItem(key),
  setItem: (key, value) => {
    storage.setItem(key, value);
    for (const listener of viewListeners) listener();
  },
});

/**
 * Where the first render's remembered choices are: localStorage, or its mirror on the server. The
 * app writes them here too (the colour mode, the appearance, the language), so the mirror follows.
 */
export function viewStorage(): ViewStorage | undefined {
  if (server) return serverStorage(server.view);
  if (!inBrowser) return undefined;
  try {
    return browserStorage(window.localStorage);
  } catch {
    return undefined; // Blocked (private mode, sandboxed frame).
  }
}

export function prefersDark(): boolean {
  if (server) return server.view.prefersDark;
  return (
    inBrowser && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
  );
}

export function browserLanguages(): readonly string[] | undefined {
  if (server) return server.view.languages;
  return typeof navigator === 'undefined' ? undefined : navigator.languages;
}

/**
 * On the server, the browser's window width as it mirrored it (CSS pixels, what a media query
 * compares); undefined in a browser, where a media query asks matchMedia itself (and a render need
 * not read the window's size on every pass).
 */
export function mirroredWidth(): number | undefined {
  return server?.view.width;
}

/** The hour of day (0-23) where the browser is: its own clock, or on the server the mirrored time zone's. */
export function localHour(now: Date = new Date()): number {
  if (!server) return now.getHours();
  const hour = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: server.view.timeZone })
    .formatToParts(now)
    .find((part) => part.type === 'hour');
  return Number(hour?.value ?? now.getUTCHours());
}

/** A cookie of the request being rendered on the server (undefined in a browser: read document.cookie there). */
export function requestCookie(name: string): string | undefined {
  return server?.cookies[name];
}

/** The origin the API client names on the server; only its path reaches the server's router. */
export const SERVER_RENDER_ORIGIN = 'http://server-render.invalid';

/** An API call made during a server render, answered by the server in process. */
export function fetchForRender(request: Request): Promise<Response> {
  if (!server) return Promise.reject(new Error('an API call outside a server render'));
  return server.fetch(request);
}
