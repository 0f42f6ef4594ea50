import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { sessionStore } from '../../session/session';
import { userFromWire } from '../../../shared/generated/mappers';
import type { UserWire } from '../../../shared/generated/wire-types';

/** Put a fresh user into the session (the cookie) and the cache, so every screen shows it. */
export function useStoreUser(): (wire: UserWire) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (wire: UserWire) => {
      const user = userFromWire(wire);
      sessionStore.updateUser(user);
      const token = sessionStore.current()?.token;
      if (token) queryClient.setQueryData(queryKeys.me(token), user);
    },
    [queryClient],
  );
}

/** Read the user again from the server (after a change that does not answer with it). */
export function useReloadUser(): () => Promise<void> {
  const store = useStoreUser();
  return useCallback(async () => store(await unwrap(api.GET('/api/auth/users/me/'))), [store]);
}
