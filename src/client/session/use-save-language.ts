import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { queryKeys } from '../api/query-keys';
import { sessionStore } from './session';
import { userFromWire } from '../../shared/generated/mappers';
import type { Language } from '../../shared/i18n/languages';

/**
 * Saves the language to the signed-in user's profile and puts the fresh user in the session and
 * cache. The session's user takes the language at once, before the answer: the profile's language
 * comes first on every page (i18n/chosen-language.ts), so a page opened or reloaded meanwhile,
 * rendered by the server or the browser, is in the new language rather than the old one.
 */
export function useSaveLanguage(): (language: Language) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (language: Language) => {
      const session = sessionStore.current();
      if (!session) return;
      sessionStore.updateUser({ ...session.user, language });
      // keepalive: a reload right after the choice does not cancel the save; otherwise the next
      // page's check of users/me would bring the old language back.
      const saved = api.PATCH('/api/auth/users/me/', { body: { language }, keepalive: true });
      const user = userFromWire(await unwrap(saved));
      sessionStore.updateUser(user);
      queryClient.setQueryData(queryKeys.me(session.token), user);
    },
    [queryClient],
  );
}
