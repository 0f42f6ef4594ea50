import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { api, tokenHeader } from '../api/client';
import { sessionStore } from './session';

/** Why the session ended, shown on the sign-in page. */
export type SignOutReason = 'signed-out' | 'idle' | 'expired' | 'deactivated';

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
      sessionStore.clear();
      queryClient.clear();
      navigate('/login', { replace: true, state: { reason } });
    },
    [navigate, queryClient],
  );
}
