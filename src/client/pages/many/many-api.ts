import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { portfolioKey } from '../../api/portfolio';
import type { BulkEditRequestWire, BulkEditWire, PropertyCopyRequestWire } from '../../../shared/generated/wire-types';

export const manyKeys = {
  batches: ['bulk-edits'] as const,
  batch: (id: number) => ['bulk-edit', id] as const,
};

export const copyProperty = (id: number, body: PropertyCopyRequestWire) =>
  unwrap(api.POST('/api/facts/property/{id}/copy/', { params: { path: { id } }, body }));
export const previewBulkEdit = (body: BulkEditRequestWire) =>
  unwrap(api.POST('/api/facts/bulk-edit/preview/', { body }));
export const startBulkEdit = (body: BulkEditRequestWire) => unwrap(api.POST('/api/facts/bulk-edit/', { body }));
export const undoBulkEdit = (id: number) =>
  unwrap(api.POST('/api/facts/bulk-edit/{id}/undo/', { params: { path: { id } } }));

const RUNNING: readonly BulkEditWire['state'][] = ['queued', 'running', 'undoing'];

/**
 * A batch, asked again every half second while its job runs (progress), then left alone; once
 * it has run (or been undone) the portfolio's figures are asked again.
 */
export function useBatch(id: number) {
  const client = useQueryClient();
  const batch = useQuery({
    queryKey: manyKeys.batch(id),
    queryFn: () => unwrap(api.GET('/api/facts/bulk-edit/{id}/', { params: { path: { id } } })),
    enabled: id > 0,
    refetchInterval: (q) => (q.state.data && RUNNING.includes(q.state.data.state) ? 500 : false),
  });
  const state = batch.data?.state;
  useEffect(() => {
    if (state && !RUNNING.includes(state)) void client.invalidateQueries({ queryKey: portfolioKey });
  }, [client, state]);
  return batch;
}

export function useBatches() {
  return useQuery({ queryKey: manyKeys.batches, queryFn: () => unwrap(api.GET('/api/facts/bulk-edits/', {})) });
}
