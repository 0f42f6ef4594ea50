import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';

/**
 * Activation links are single use: one request per link per page load, even when React mounts
 * the page twice (StrictMode) or the visitor comes back to it.
 */
const attempts = new Map<string, Promise<unknown>>();

function activate(uid: string, token: string): Promise<unknown> {
  const key = `${uid}/${token}`;
  let attempt = attempts.get(key);
  if (!attempt) {
    attempt = unwrap(api.POST('/api/auth/users/activation/', { body: { uid, token } }));
    attempts.set(key, attempt);
  }
  return attempt;
}

/** The activation page's one request: the link's activation, sent as the page opens. */
export function useActivation(uid: string, token: string) {
  const { mutate, isPending, isSuccess, isError, error } = useMutation({ mutationFn: () => activate(uid, token) });
  useEffect(() => mutate(), [mutate, uid, token]);
  return { isPending, isSuccess, isError, error };
}

/** The resend page's request: a new activation link mailed to the address. */
export function useResendActivation() {
  return {
    send: (email: string) => unwrap(api.POST('/api/auth/users/resend_activation/', { body: { email } })),
  };
}
