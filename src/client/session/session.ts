import { useSyncExternalStore } from 'react';
import { browserCookieJar } from './cookie-jar';
import { createSessionStore, type Session } from './session-store';

/** The one session of this browser tab. */
export const sessionStore = createSessionStore(browserCookieJar);

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.current);
}
