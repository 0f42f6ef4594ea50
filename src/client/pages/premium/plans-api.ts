import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { PremiumRequestWire } from '../../../shared/generated/wire-types';

export const plansKey = ['settings', 'plans'] as const;

/** The plans, what each allows, the current plan and the account's upgrade requests. */
export function usePlans() {
  return useQuery({ queryKey: plansKey, queryFn: () => unwrap(api.GET('/api/settings/plans/', {})) });
}

export const requestPremium = (body: PremiumRequestWire) =>
  unwrap(api.POST('/api/settings/premium/request/', { body }));
