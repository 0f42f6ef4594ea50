import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyWire } from '../../../shared/generated/wire-types';
import { fetchCompany } from './company-api';

export const companyKey = ['settings', 'company'] as const;

/** The account's company details (user 0 while none exist). */
export function useCompany() {
  return useQuery({ queryKey: companyKey, queryFn: fetchCompany });
}

/** Keeps the company details the server answered a save with, so the page reads them without a reload. */
export function useKeepCompany(): (answer: CompanyWire) => void {
  const queryClient = useQueryClient();
  return (answer) => void queryClient.setQueryData(companyKey, answer);
}
