import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { useSession } from '../../session/session';

export interface FactsAccess {
  /** Save sections, list rows, publish (owner, or the `facts` flag). */
  facts: boolean;
  /** Add, edit and delete properties (owner, or the `properties` flag). */
  properties: boolean;
}

/** What the signed-in user may change; undefined while a sub-user's flags load. */
export function useFactsAccess(): FactsAccess | undefined {
  const user = useSession()?.user;
  const authorized = !!user && typeof user.manager === 'number';
  const query = useQuery({
    queryKey: queryKeys.permissions(user?.id ?? 0),
    queryFn: () => unwrap(api.GET('/api/auth/permissions/{userId}/', { params: { path: { userId: user?.id ?? 0 } } })),
    enabled: authorized,
    staleTime: 5 * 60_000,
  });
  if (!user) return undefined;
  if (!authorized) return { facts: true, properties: true };
  if (query.isError) return { facts: false, properties: false };
  if (!query.data) return undefined;
  const flags = query.data as { facts?: boolean; properties?: boolean };
  return { facts: flags.facts === true, properties: flags.properties === true };
}
