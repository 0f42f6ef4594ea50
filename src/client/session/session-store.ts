import type { User } from '../../shared/generated/client-types';
import { ACTIVITY_WRITE_INTERVAL_MS, INACTIVITY_MS, SESSION_COOKIE, SESSION_LIFETIME_MS } from './constants';
import type { CookieJar } from './cookie-jar';

export interface Session {
  token: string;
  user: User;
  /** Epoch ms after which the session is gone, whatever happens. */
  expiresAt: number;
  /** Epoch ms of the last click or key press seen. */
  lastActive: number;
}

export interface SessionStore {
  /** The current session, or null; the same object until something changes (for useSyncExternalStore). */
  current(): Session | null;
  subscribe(listener: () => void): () => void;
  /** Start a session; the server's token expiry shortens the 3-hour lifetime when earlier. */
  save(token: string, user: User, serverExpiresAt?: string): Session;
  updateUser(user: User): void;
  /** Note activity (a click or a key press). */
  touch(): void;
  /** Re-read the cookie: another tab may have signed out, or the cookie may have expired. */
  refresh(): Session | null;
  clear(): void;
}

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.token === 'string' &&
    typeof s.expiresAt === 'number' &&
    typeof s.lastActive === 'number' &&
    !!s.user &&
    typeof s.user === 'object'
  );
}

/** The token and user info in one cookie with the session's lifetime (spec 000 §7, §9). */
export function createSessionStore(jar: CookieJar, now: () => number = Date.now): SessionStore {
  const listeners = new Set<() => void>();
  let lastWrite = 0;

  function read(): Session | null {
    const raw = jar.get(SESSION_COOKIE);
    if (!raw) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!isSession(parsed)) return null;
      const t = now();
      if (parsed.expiresAt <= t || t - parsed.lastActive >= INACTIVITY_MS) {
        jar.remove(SESSION_COOKIE);
        return null;
      }
      return parsed;
    } catch {
      return null;
    }
  }

  let session = read();

  function write(next: Session | null): void {
    session = next;
    if (next) {
      jar.set(SESSION_COOKIE, JSON.stringify(next), new Date(next.expiresAt));
      lastWrite = now();
    } else jar.remove(SESSION_COOKIE);
    listeners.forEach((l) => l());
  }

  return {
    current: () => session,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    save(token, user, serverExpiresAt) {
      const t = now();
      const server = serverExpiresAt ? Date.parse(serverExpiresAt) : NaN;
      const lifetimeEnd = t + SESSION_LIFETIME_MS;
      const expiresAt = Number.isFinite(server) ? Math.min(server, lifetimeEnd) : lifetimeEnd;
      const next = { token, user, expiresAt, lastActive: t };
      write(next);
      return next;
    },
    updateUser(user) {
      // The same user again (the check of users/me that every load makes) tells no one: each
      // listener re-renders the shell and the page, on a cold load before the first screen is painted.
      if (session && JSON.stringify(session.user) !== JSON.stringify(user)) write({ ...session, user });
    },
    touch() {
      if (!session) return;
      const t = now();
      session = { ...session, lastActive: t };
      // No listeners are told: activity changes nothing on screen.
      if (t - lastWrite >= ACTIVITY_WRITE_INTERVAL_MS) {
        jar.set(SESSION_COOKIE, JSON.stringify(session), new Date(session.expiresAt));
        lastWrite = t;
      }
    },
    refresh() {
      const fresh = read();
      const changed = fresh?.token !== session?.token;
      if (changed) write(fresh);
      else if (fresh && session && fresh.lastActive > session.lastActive)
        session = { ...session, lastActive: fresh.lastActive };
      return session;
    },
    clear() {
      if (session || jar.get(SESSION_COOKIE)) write(null);
    },
  };
}
