import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { plansKey } from './plans-api';

/** Reads the plans again (after an upgrade request or a grant changed them). */
export function usePlansRefresh(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: plansKey });
}

/** Staff's grant of the Premium plan to an account by its id; the plans are read again after it. */
export function useStaffGrant() {
  const refresh = usePlansRefresh();
  return {
    grant: (userId: number) =>
      unwrap(api.POST('/api/settings/premium/grant/{userId}/', { params: { path: { userId } } })),
    refresh,
  };
}
