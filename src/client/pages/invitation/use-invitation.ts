import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { InvitationAcceptWire } from '../../../shared/generated/wire-types';

/** The invitation page's one write: the invited member's password, which makes the access active. */
export function useInvitationAccept(onError: (error: unknown) => void) {
  const accept = useMutation({
    mutationFn: (body: InvitationAcceptWire) => unwrap(api.POST('/api/auth/users/invitation/accept/', { body })),
    onError,
  });
  return { accept: accept.mutate, pending: accept.isPending, done: accept.isSuccess };
}
