import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type {
  AuthorizedUserInviteWire,
  AuthorizedUserUpdateWire,
  AuthorizedUserWire,
  PermissionsWire,
} from '../../../shared/generated/wire-types';

export const teamKeys = {
  team: ['team'] as const,
  member: (id: number) => ['team', id] as const,
  /** The same key the menu uses for a user's flags (session/use-menu). */
  permissions: (id: number) => ['permissions', id] as const,
};

export function useTeam(enabled = true) {
  return useQuery({
    queryKey: teamKeys.team,
    queryFn: () => unwrap(api.GET('/api/auth/authorized-users/', {})),
    enabled,
  });
}

export function useMember(id: number) {
  return useQuery({
    queryKey: teamKeys.member(id),
    queryFn: () => unwrap(api.GET('/api/auth/authorized-user/{id}/', { params: { path: { id } } })),
    enabled: id > 0,
    retry: false,
  });
}

export function usePermissionsOf(userId: number) {
  return useQuery({
    queryKey: teamKeys.permissions(userId),
    queryFn: () => unwrap(api.GET('/api/auth/permissions/{userId}/', { params: { path: { userId } } })),
    enabled: userId > 0,
  });
}

export const inviteMember = (body: AuthorizedUserInviteWire) =>
  unwrap(api.POST('/api/auth/authorized-user/invite/', { body }));
export const updateMember = (body: AuthorizedUserUpdateWire) =>
  unwrap(api.PATCH('/api/auth/authorized-user/update/', { body }));
export const removeMember = (id: number) =>
  unwrap(api.DELETE('/api/auth/authorized-user/delete/{id}/', { params: { path: { id } } }));

/** Permission records are created when the user has none (no id yet), otherwise updated (spec 000 §6). */
export function savePermissions(body: PermissionsWire): Promise<PermissionsWire> {
  const id = body.id;
  return typeof id === 'number' && id > 0
    ? unwrap(api.PUT('/api/auth/permissions/update/{id}/', { params: { path: { id } }, body }))
    : unwrap(api.POST('/api/auth/permissions/create/', { body }));
}

/** How a team member's access reads: pending until the invitation is accepted. */
export function memberStatus(
  m: Pick<AuthorizedUserWire, 'is_active' | 'invitation_pending'>,
): 'Active' | 'Invitation pending' | 'Turned off' {
  if (m.invitation_pending) return 'Invitation pending';
  return m.is_active ? 'Active' : 'Turned off';
}

export const memberName = (m: Pick<AuthorizedUserWire, 'first_name' | 'last_name' | 'email'>): string =>
  `${m.first_name} ${m.last_name}`.trim() || m.email;
