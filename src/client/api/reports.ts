/**
 * The dashboards' report calls (spec 000 §7), one definition each for the dashboard's hooks and
 * its route's prefetch: a cold load of / asks for them beside the page's code instead of after it
 * (they started after some 30 chunks had loaded, half a second into a cold load).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { User } from '../../shared/generated/client-types';
import { api } from './client';
import { unwrap } from './errors';

/** Figures are a minute fresh at most. */
const STALE_MS = 60_000;

export const operatorNumberQuery = queryOptions({
  queryKey: ['reports', 'operator-number'],
  queryFn: () => unwrap(api.GET('/api/reports/operator-number/')),
  staleTime: STALE_MS,
});
export const accommodationNumberQuery = queryOptions({
  queryKey: ['reports', 'accommodation-number'],
  queryFn: () => unwrap(api.GET('/api/reports/accommodation-number/')),
  staleTime: STALE_MS,
});
export const hotelReportQuery = queryOptions({
  queryKey: ['reports', 'report-data'],
  queryFn: () => unwrap(api.GET('/api/reports/report-data/')),
  staleTime: STALE_MS,
});
export const operatorReportQuery = queryOptions({
  queryKey: ['reports', 'operator-report-data'],
  queryFn: () => unwrap(api.GET('/api/reports/operator-report-data/')),
  staleTime: STALE_MS,
});
export const operatorFeedQuery = queryOptions({
  queryKey: ['reports', 'operator-feed'],
  queryFn: () => unwrap(api.GET('/api/reports/operator-feed/')),
  staleTime: STALE_MS,
});

/** What each account type's dashboard reads first: the same calls its reports make (hotel-reports.tsx, operator-reports.tsx). */
export function prefetchDashboardReports(client: QueryClient, user: User): Promise<unknown> {
  if (user.accountType === 'to')
    return Promise.all([client.prefetchQuery(operatorReportQuery), client.prefetchQuery(operatorFeedQuery)]);
  return Promise.all([
    client.prefetchQuery(hotelReportQuery),
    client.prefetchQuery(operatorNumberQuery),
    client.prefetchQuery(accommodationNumberQuery),
  ]);
}
