import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { queryKeys } from '../api/query-keys';
import { onUnauthorized } from '../api/unauthorized';
import { userFromWire } from '../../shared/generated/mappers';
import { INACTIVITY_MS } from './constants';
import { scheduleExpiry, watchInactivity } from './inactivity';
import { sessionStore, useSession } from './session';
import { useSignOut } from './use-sign-out';

const ACTIVATION_PATH = '/auth/activate/';

/**
 * Keeps the session honest while the app runs (spec 000 §4, §8): signs out after an hour
 * without activity or when the session's lifetime ends, checks the token once per session,
 * refreshes the user info, and drops a token the server refused.
 */
export function SessionWatch() {
  const session = useSession();
  const signOut = useSignOut();
  const token = session?.token;
  const expiresAt = session?.expiresAt;

  useEffect(() => {
    if (!token) return undefined;
    return watchInactivity({
      timeoutMs: INACTIVITY_MS,
      target: window,
      onActivity: () => sessionStore.touch(),
      lastActivity: () => sessionStore.refresh()?.lastActive ?? 0,
      onIdle: () => signOut('idle'),
    });
  }, [token, signOut]);

  useEffect(() => (expiresAt ? scheduleExpiry(expiresAt, () => signOut('expired')) : undefined), [expiresAt, signOut]);

  useEffect(
    () =>
      onUnauthorized((refused) => {
        if (sessionStore.current()?.token !== refused) return;
        // On the activation page the visitor stays: they came to activate, not to sign in.
        if (window.location.pathname.startsWith(ACTIVATION_PATH)) sessionStore.clear();
        else signOut('expired');
      }),
    [signOut],
  );

  // Another tab may have signed out: look at the cookie again when this tab comes back.
  useEffect(() => {
    const look = () => {
      if (document.visibilityState === 'visible') sessionStore.refresh();
    };
    document.addEventListener('visibilitychange', look);
    window.addEventListener('focus', look);
    return () => {
      document.removeEventListener('visibilitychange', look);
      window.removeEventListener('focus', look);
    };
  }, []);

  useQuery({
    queryKey: queryKeys.tokenCheck(token ?? ''),
    queryFn: () => unwrap(api.GET('/api/auth/check-token/')),
    enabled: !!token,
    staleTime: Infinity,
  });
  useQuery({
    queryKey: queryKeys.me(token ?? ''),
    queryFn: async () => {
      const user = userFromWire(await unwrap(api.GET('/api/auth/users/me/')));
      sessionStore.updateUser(user);
      return user;
    },
    enabled: !!token,
    staleTime: Infinity,
  });
  return null;
}
