import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';

/** The report calls (spec 000 §7); figures are a minute fresh at most. */
const STALE_MS = 60_000;

export const useOperatorNumber = () =>
  useQuery({
    queryKey: ['reports', 'operator-number'],
    queryFn: () => unwrap(api.GET('/api/reports/operator-number/')),
    staleTime: STALE_MS,
  });
export const useAccommodationNumber = () =>
  useQuery({
    queryKey: ['reports', 'accommodation-number'],
    queryFn: () => unwrap(api.GET('/api/reports/accommodation-number/')),
    staleTime: STALE_MS,
  });
export const useHotelReport = () =>
  useQuery({
    queryKey: ['reports', 'report-data'],
    queryFn: () => unwrap(api.GET('/api/reports/report-data/')),
    staleTime: STALE_MS,
  });
export const useOperatorReport = () =>
  useQuery({
    queryKey: ['reports', 'operator-report-data'],
    queryFn: () => unwrap(api.GET('/api/reports/operator-report-data/')),
    staleTime: STALE_MS,
  });
export const useOperatorFeed = () =>
  useQuery({
    queryKey: ['reports', 'operator-feed'],
    queryFn: () => unwrap(api.GET('/api/reports/operator-feed/')),
    staleTime: STALE_MS,
  });

/** A report series' month (numbered 1–12) as its first day, for `format.month(…, 'short')`. */
export const monthStart = (m: { month: number; year: number }): number => Date.UTC(m.year, m.month - 1, 1);
