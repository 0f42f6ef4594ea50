import { useMutation } from '@tanstack/react-query';
import { api, tokenHeader } from '../../api/client';
import { ApiFailure, NETWORK_MESSAGE, unwrap } from '../../api/errors';
import { sessionStore } from '../../session/session';
import { signOutNotice } from '../../session/sign-out-notice';
import { userFromWire } from '../../../shared/generated/mappers';
import type { LoginRequestWire } from '../../../shared/generated/wire-types';
import { banEndFrom, loginBan } from './login-ban';

async function signIn(body: LoginRequestWire): Promise<void> {
  const result = await api.POST('/api/auth/token/login/', { body }).catch(() => {
    throw new ApiFailure(0, { detail: NETWORK_MESSAGE });
  });
  if (result.response.status === 429) {
    loginBan.start(banEndFrom(result.error, result.response.headers.get('Retry-After')));
    throw new ApiFailure(429, result.error);
  }
  const token = await unwrap(Promise.resolve(result));
  // The new token is sent by hand: the session starts only once the user info is in.
  const user = userFromWire(await unwrap(api.GET('/api/auth/users/me/', { headers: tokenHeader(token.auth_token) })));
  signOutNotice.clear();
  sessionStore.save(token.auth_token, user, token.expires_at);
}

/** Sign in; on success the session exists and the route guard moves on from /login. */
export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
