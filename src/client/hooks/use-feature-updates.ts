import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { queryKeys } from '../api/query-keys';
import { newestFirst } from '../../shared/i18n/format';
import type { FeatureUpdateWire } from '../../shared/generated/wire-types';

/** The 'What's new' list, newest first (sorted here too: the order is a promise of the screen). */
export function useFeatureUpdates(enabled = true) {
  return useQuery({
    queryKey: queryKeys.featureUpdates,
    queryFn: async (): Promise<FeatureUpdateWire[]> =>
      newestFirst(await unwrap(api.GET('/api/external/features-updates/')), (u) => u.message_date),
    enabled,
    staleTime: 10 * 60_000,
  });
}
