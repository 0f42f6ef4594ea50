import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { queryKeys } from '../api/query-keys';
import { visibleMenu, type MenuItem } from './menu-items';
import type { PermissionsWire } from '../../shared/generated/wire-types';
import { useSession } from './session';

/** A permission flag of spec 000 §3 (wire name). */
export type PermissionFlag = Exclude<keyof PermissionsWire, 'id' | 'user' | 'role' | 'properties_allowed'>;
export type PermissionFlags = Partial<Record<PermissionFlag, boolean>>;

/**
 * Permission flags of the signed-in user: fetched for an authorized user (spec 000 §6); an
 * owner holds every permission, so nothing is fetched for one. Undefined while they load; when
 * they cannot be read an authorized user holds none (read-only is the safe side).
 */
export function usePermissionFlags(): PermissionFlags | undefined {
  const user = useSession()?.user;
  const authorized = !!user && typeof user.manager === 'number';
  const query = useQuery({
    queryKey: queryKeys.permissions(user?.id ?? 0),
    queryFn: () => unwrap(api.GET('/api/auth/permissions/{userId}/', { params: { path: { userId: user?.id ?? 0 } } })),
    enabled: authorized,
    staleTime: 5 * 60_000,
  });
  if (!user) return undefined;
  if (!authorized || query.isError) return {};
  return query.data as PermissionFlags | undefined;
}

/** The side-menu entries the signed-in user sees (none when signed out). */
export function useMenu(): MenuItem[] {
  const user = useSession()?.user;
  const flags = usePermissionFlags();
  return user ? visibleMenu(user, flags) : [];
}
