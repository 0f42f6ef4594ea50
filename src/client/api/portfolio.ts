/** The account's portfolio (one row per property, computed server-side in a few queries whatever their number). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './errors';

export const portfolioKey = ['portfolio-table'] as const;

/**
 * One call for every property: the portfolio table, the facts list's completeness column and the
 * route's prefetch read it (the facts list once asked each property's completeness on its own:
 * 200 calls for 200 properties). Saving or publishing facts invalidates it.
 */
export const portfolioQuery = queryOptions({
  queryKey: portfolioKey,
  queryFn: () => unwrap(api.GET('/api/facts/portfolio/', {})),
  staleTime: 10_000,
});

export function usePortfolio() {
  return useQuery(portfolioQuery);
}

export type PortfolioRow = NonNullable<ReturnType<typeof usePortfolio>['data']>[number];
