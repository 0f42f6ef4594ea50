import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { queryKeys } from '../api/query-keys';
import { useSession } from './session';

export const fetchPreferences = () => unwrap(api.GET('/api/settings/preferences/', {}));

/** The account's preferences (every member may read them; defaults with user 0 until created). */
export function usePreferences() {
  const signedIn = !!useSession();
  return useQuery({
    queryKey: queryKeys.preferences,
    queryFn: fetchPreferences,
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
}
