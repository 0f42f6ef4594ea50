import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type {
  StopSaleMonthWire,
  StopSalePartnerSyncWire,
  StopSaleRangeRequestWire,
  StopSaleSaveRequestWire,
} from '../../../shared/generated/wire-types';

/** The month as our chart reads it (the spec's paged copy, results, is for the spec's client). */
export type MonthChart = Omit<StopSaleMonthWire, 'count' | 'next' | 'previous' | 'results'>;
export type SaveRooms = StopSaleSaveRequestWire['data']['rooms'];

export const fetchMonth = (hotel: number, date: string): Promise<MonthChart> =>
  unwrap(api.GET('/api/stop-sale/{hotel}/', { params: { path: { hotel }, query: { date } } }));

export const fetchOperatorMonth = (id: number, date: string): Promise<MonthChart> =>
  unwrap(api.GET('/api/partners/stop-sale/{id}/', { params: { path: { id }, query: { date } } }));

export const saveChart = (hotel: number, date: string, rooms: SaveRooms): Promise<MonthChart> =>
  unwrap(api.POST('/api/stop-sale/save/', { body: { data: { hotel, date, rooms } } }));

export const writeRange = (body: StopSaleRangeRequestWire) => unwrap(api.POST('/api/stop-sale/range/', { body }));

export type PartnerSync = StopSalePartnerSyncWire;

export const syncKey = (hotel: number) => ['stop-sale-sync', hotel] as const;

/** Whether each syncing partner acknowledged the latest change; asked again every few seconds while one has not. */
export function usePartnerSync(hotel: number) {
  return useQuery({
    queryKey: syncKey(hotel),
    queryFn: () => unwrap(api.GET('/api/stop-sale/sync/{hotel}/status/', { params: { path: { hotel } } })),
    refetchInterval: (query) => ((query.state.data ?? []).some((p) => p.state === 'not_confirmed') ? 5000 : false),
  });
}
