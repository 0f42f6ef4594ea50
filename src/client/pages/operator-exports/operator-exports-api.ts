import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { OperatorExportRequestWire, OperatorExportWire } from '../../../shared/generated/wire-types';
import { readFile } from '../../api/exports';

export const operatorExportKeys = {
  all: ['operator-exports'] as const,
};

const active = (e: OperatorExportWire) => e.state === 'queued' || e.state === 'running';

/** The account's exports, newest first; polled while one is being built (the user may leave and come back). */
export function useOperatorExports() {
  return useQuery({
    queryKey: operatorExportKeys.all,
    queryFn: () => unwrap(api.GET('/api/tour-operator/exports/')),
    refetchInterval: (query) => ((query.state.data ?? []).some(active) ? 1000 : false),
  });
}

export const createOperatorExport = (body: OperatorExportRequestWire): Promise<OperatorExportWire> =>
  unwrap(api.POST('/api/tour-operator/exports/', { body }));

export const retryOperatorExport = (id: number): Promise<OperatorExportWire> =>
  unwrap(api.POST('/api/tour-operator/exports/{id}/retry/', { params: { path: { id } } }));

/** The zip, read with the session's token (a plain link would not carry it), with progress. */
export const downloadOperatorExport = (id: number, onProgress: (f: number | undefined) => void) =>
  readFile(
    api.GET('/api/tour-operator/exports/{id}/download/', { params: { path: { id } }, parseAs: 'stream' }),
    onProgress,
  );
