import { useSyncExternalStore } from 'react';
import { inBrowser, requestCookie } from '../platform/where';
import { browserCookieJar, type CookieJar } from './cookie-jar';
import { createSessionStore, type Session } from './session-store';

/** On the server (src/client/ssr/), the cookies of the request being rendered; a render writes none. */
const requestCookieJar: CookieJar = { get: requestCookie, set: () => undefined, remove: () => undefined };

/** The one session of this browser tab (on the server: of the request being rendered, see refresh()). */
export const sessionStore = createSessionStore(inBrowser ? browserCookieJar : requestCookieJar);

export function useSession(): Session | null {
  // The server's snapshot is the session too: the server renders only for one (src/client/ssr/).
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.current, sessionStore.current);
}
