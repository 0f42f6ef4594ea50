import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { queryKeys } from '../api/query-keys';
import { visibleMenu, type MenuFlags, type MenuItem } from '../app/shell/menu-items';
import { useSession } from './session';

/**
 * Permission flags of the signed-in user: fetched for an authorized user (spec 000 §6); an
 * owner holds every permission, so nothing is fetched for one.
 */
export function usePermissionFlags(): MenuFlags | undefined {
  const user = useSession()?.user;
  const authorized = !!user && typeof user.manager === 'number';
  const query = useQuery({
    queryKey: queryKeys.permissions(user?.id ?? 0),
    queryFn: () => unwrap(api.GET('/api/auth/permissions/{userId}/', { params: { path: { userId: user?.id ?? 0 } } })),
    enabled: authorized,
    staleTime: 5 * 60_000,
  });
  if (!user) return undefined;
  return authorized ? query.data : {};
}

/** The side-menu entries the signed-in user sees (none when signed out). */
export function useMenu(): MenuItem[] {
  const user = useSession()?.user;
  const flags = usePermissionFlags();
  return user ? visibleMenu(user, flags) : [];
}
