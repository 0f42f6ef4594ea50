import { useQuery } from '@tanstack/react-query';
import {
  accommodationNumberQuery,
  hotelReportQuery,
  operatorFeedQuery,
  operatorNumberQuery,
  operatorReportQuery,
} from '../../api/reports';

/** The report calls (spec 000 §7), defined in api/reports.ts, which the dashboard route prefetches. */
export const useOperatorNumber = () => useQuery(operatorNumberQuery);
export const useAccommodationNumber = () => useQuery(accommodationNumberQuery);
export const useHotelReport = () => useQuery(hotelReportQuery);
export const useOperatorReport = () => useQuery(operatorReportQuery);
export const useOperatorFeed = () => useQuery(operatorFeedQuery);

/** A report series' month (numbered 1–12) as its first day, for `format.month(…, 'short')`. */
export const monthStart = (m: { month: number; year: number }): number => Date.UTC(m.year, m.month - 1, 1);
