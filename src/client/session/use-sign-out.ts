import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { api, tokenHeader } from '../api/client';
import { sessionStore } from './session';
import { signOutNotice, type SignOutReason } from './sign-out-notice';

export type { SignOutReason };

/**
 * End the session: the server forgets the token (best effort: the session ends here whatever
 * it answers), cached data goes, and the sign-in page says why.
 */
export function useSignOut(): (reason?: SignOutReason) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (reason: SignOutReason = 'signed-out') => {
      const session = sessionStore.current();
      if (session && reason !== 'deactivated') {
        api.POST('/api/auth/token/logout/', { headers: tokenHeader(session.token) }).catch(() => undefined);
      }
      // The notice first: clearing the session re-renders the page's guard at once.
      signOutNotice.set(reason);
      sessionStore.clear();
      queryClient.clear();
      navigate('/login', { replace: true });
    },
    [navigate, queryClient],
  );
}
