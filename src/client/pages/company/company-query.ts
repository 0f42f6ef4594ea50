import { useQuery } from '@tanstack/react-query';
import { fetchCompany } from './company-api';

export const companyKey = ['settings', 'company'] as const;

/** The account's company details (user 0 while none exist). */
export function useCompany() {
  return useQuery({ queryKey: companyKey, queryFn: fetchCompany });
}
