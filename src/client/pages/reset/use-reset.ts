import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { ResetPasswordConfirmWire } from '../../../shared/generated/wire-types';

/** The reset request page's request: a reset link mailed to the address. */
export function useResetRequest() {
  return {
    send: (email: string) => unwrap(api.POST('/api/auth/users/reset_password/', { body: { email } })),
  };
}

/** The reset link's page: the new password sent with the link's uid and token; errors go to `onError`. */
export function useResetConfirm(onError: (error: unknown) => void) {
  const confirm = useMutation({
    mutationFn: (body: ResetPasswordConfirmWire) =>
      unwrap(api.POST('/api/auth/users/reset_password_confirm/', { body })),
    onError,
  });
  return { confirm: confirm.mutate, pending: confirm.isPending, done: confirm.isSuccess };
}
