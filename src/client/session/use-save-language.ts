import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { queryKeys } from '../api/query-keys';
import { sessionStore } from './session';
import { userFromWire } from '../../shared/generated/mappers';
import type { Language } from '../../shared/i18n/languages';

/** Saves the language to the signed-in user's profile and puts the fresh user in the session and cache. */
export function useSaveLanguage(): (language: Language) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (language: Language) => {
      const token = sessionStore.current()?.token;
      if (!token) return;
      const user = userFromWire(await unwrap(api.PATCH('/api/auth/users/me/', { body: { language } })));
      sessionStore.updateUser(user);
      queryClient.setQueryData(queryKeys.me(token), user);
    },
    [queryClient],
  );
}
