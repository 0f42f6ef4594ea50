import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { AuditQueryWire } from '../../../shared/generated/wire-types';

/** One page of the account's audit trail, filtered; the previous page stays shown while the next loads. */
export function useAuditTrail(query: AuditQueryWire) {
  return useQuery({
    queryKey: ['audit-trail', query],
    queryFn: () => unwrap(api.GET('/api/settings/audit-trail/', { params: { query } })),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
