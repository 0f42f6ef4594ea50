import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { readFile, type Downloaded } from '../../api/exports';
import type {
  PublicationComparisonWire,
  PublicationListWire,
  SheetOptionsWire,
} from '../../../shared/generated/wire-types';

/** Whose publications panel: the hotel's own (facts editor) or a contracted operator's (its fact sheet). */
export type PublicationSide = 'hotel' | 'operator';

export const publicationKeys = {
  list: (side: PublicationSide, id: number) => ['publications', side, id] as const,
  compare: (side: PublicationSide, id: number, from: number, to: number, language: string | undefined) =>
    ['publications', side, id, 'compare', from, to, language] as const,
};

function listOf(side: PublicationSide, id: number): Promise<PublicationListWire> {
  const path = { id };
  return side === 'hotel'
    ? unwrap(api.GET('/api/facts/property/{id}/publications/', { params: { path } }))
    : unwrap(api.GET('/api/partners/fact-sheet/{id}/publications/', { params: { path } }));
}

function compareOf(
  side: PublicationSide,
  id: number,
  query: { from: number; to: number; language?: SheetOptionsWire['language'] },
): Promise<PublicationComparisonWire> {
  const params = { path: { id }, query };
  return side === 'hotel'
    ? unwrap(api.GET('/api/facts/property/{id}/publications/compare/', { params }))
    : unwrap(api.GET('/api/partners/fact-sheet/{id}/publications/compare/', { params }));
}

/** Read each time the panel opens: a publish since must show. */
export function usePublications(side: PublicationSide, id: number, enabled: boolean) {
  return useQuery({
    queryKey: publicationKeys.list(side, id),
    queryFn: () => listOf(side, id),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

/** Two publications compared; publications never change, so an answer stays good. */
export function useComparison(
  side: PublicationSide,
  id: number,
  pair: { from: number; to: number } | null,
  language: SheetOptionsWire['language'] | undefined,
) {
  return useQuery({
    queryKey: publicationKeys.compare(side, id, pair?.from ?? 0, pair?.to ?? 0, language),
    queryFn: () => compareOf(side, id, { from: pair!.from, to: pair!.to, ...(language ? { language } : {}) }),
    enabled: pair !== null,
    retry: false,
  });
}

/** The fact sheet of one publication as PDF (an operator's: its view; the hotel is told). */
export function downloadPublication(
  side: PublicationSide,
  id: number,
  number: number,
  options: SheetOptionsWire,
  onProgress: (f: number | undefined) => void,
): Promise<Downloaded> {
  const params = { path: { id, number }, query: options };
  return side === 'hotel'
    ? readFile(
        api.GET('/api/facts/property/{id}/publications/{number}/pdf/', { params, parseAs: 'stream' }),
        onProgress,
      )
    : readFile(
        api.GET('/api/partners/fact-sheet/{id}/publications/{number}/pdf/', { params, parseAs: 'stream' }),
        onProgress,
      );
}
