import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { ApiFailure, NETWORK_MESSAGE, unwrap } from './errors';
import type { ExportSendWire, SheetOptionsWire } from '../../shared/generated/wire-types';

export const exportKeys = {
  sends: (property: number) => ['exports', 'sends', property] as const,
};

/** The property's sends, newest first; polled while one is still going. */
export function useSends(property: number) {
  return useQuery({
    queryKey: exportKeys.sends(property),
    queryFn: () => unwrap(api.GET('/api/exports/sends/', { params: { query: { property } } })),
    enabled: property > 0,
    refetchInterval: (query) =>
      (query.state.data ?? []).some((s) => s.state === 'queued' || s.state === 'sending') ? 1500 : false,
  });
}

/** The fact sheet's layout and language, as the sheet-options schema lists them. */
export type SheetChoice = Required<SheetOptionsWire>;

/** Sends are GET calls (spec 000 §7); 201 with the send, else the server's message. */
export function sendFacts(group: number, hotel: number, choice: SheetChoice): Promise<ExportSendWire> {
  return unwrap(
    api.GET('/api/facts/send-facts/{group}/sheet/{hotel}/', {
      params: { path: { group: String(group), hotel }, query: choice },
    }),
  );
}

export function sendPhotos(group: number, hotel: number, language: SheetChoice['language']): Promise<ExportSendWire> {
  return unwrap(
    api.GET('/api/facts/send-photos/{group}/acc/{hotel}', {
      params: { path: { group: String(group), hotel }, query: { language } },
    }),
  );
}

export const retrySend = (id: number): Promise<ExportSendWire> =>
  unwrap(api.POST('/api/exports/sends/{id}/retry/', { params: { path: { id } } }));

export interface Downloaded {
  /** 201: the file came; 204: there was nothing to give. */
  status: number;
  blob?: Blob;
  /** The name the server gave it (src/server/routing/download-name.ts), with the file. */
  filename?: string;
}

/**
 * The name in a Content-Disposition header: the full name of filename*=UTF-8''… (RFC 5987) when
 * given, else the ASCII filename="…"; undefined without either.
 */
export function fileNameOf(header: string | null): string | undefined {
  const full = /filename\*=UTF-8''([^;\s]+)/i.exec(header ?? '')?.[1];
  if (full) {
    try {
      return decodeURIComponent(full);
    } catch {
      // A malformed escape: the ASCII name below.
    }
  }
  return /filename="([^"]+)"/.exec(header ?? '')?.[1];
}

/** The file's name from the answer; the server always gives one, so the fallback only names the kind of file. */
function nameOf(response: Response, type: string): string {
  const given = fileNameOf(response.headers.get('content-disposition'));
  if (given) return given;
  return `download.${type.includes('pdf') ? 'pdf' : type.includes('zip') ? 'zip' : 'bin'}`;
}

/**
 * A file answer read as it streams, reporting progress against its Content-Length (the server
 * knows the size up front, so the bar is real); 204 has no file.
 */
export async function readFile(
  call: Promise<{ response: Response }>,
  onProgress: (fraction: number | undefined) => void,
): Promise<Downloaded> {
  let response: Response;
  try {
    ({ response } = await call);
  } catch {
    throw new ApiFailure(0, { detail: NETWORK_MESSAGE });
  }
  if (response.status === 204) return { status: 204 };
  if (!response.ok) throw new ApiFailure(response.status, await response.json().catch(() => undefined));
  const total = Number(response.headers.get('content-length')) || 0;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const filename = nameOf(response, type);
  if (!response.body)
    return { status: response.status, blob: new Blob([await response.arrayBuffer()], { type }), filename };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress(total ? 0 : undefined);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(total ? received / total : undefined);
  }
  return { status: response.status, blob: new Blob(chunks as BlobPart[], { type }), filename };
}

export const downloadFacts = (hotel: number, choice: SheetChoice, onProgress: (f: number | undefined) => void) =>
  readFile(
    api.GET('/api/facts/download-facts/{hotel}/', { params: { path: { hotel }, query: choice }, parseAs: 'stream' }),
    onProgress,
  );

export const downloadPhotos = (hotel: number, onProgress: (f: number | undefined) => void) =>
  readFile(
    api.GET('/api/facts/download-photos/{hotel}/', { params: { path: { hotel } }, parseAs: 'stream' }),
    onProgress,
  );

/** Hand a file to the browser as a download, under the name the server gave it (readFile). */
export function saveFile(blob: Blob, filename: string | undefined): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename ?? '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The month's availability chart as PDF (Stopsale-{id}.pdf). */
export const downloadChart = (hotel: number, date: string, onProgress: (f: number | undefined) => void) =>
  readFile(
    api.GET('/api/stop-sale/pdf/{hotel}/', { params: { path: { hotel }, query: { date } }, parseAs: 'stream' }),
    onProgress,
  );

export const sendChart = (group: number, hotel: number, date: string): Promise<ExportSendWire> =>
  unwrap(
    api.GET('/api/stop-sale/pdf/{hotel}/send-mail/{group}/', {
      params: { path: { group: String(group), hotel }, query: { date } },
    }),
  );
