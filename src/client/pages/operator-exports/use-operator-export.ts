import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { errorMessages } from '../../api/errors';
import { useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';
import { asSection } from '../../engine/core/form-adapter';
import { FormSession } from '../../engine/views/form-session';
import sheetOptionsForm from '../../../shared/generated/forms/sheet-options';
import { sheetOptionsNames } from '../../../shared/generated/name-maps';
import type { ContractedPropertiesQueryWire, OperatorExportRequestWire } from '../../../shared/generated/wire-types';
import type { ContractedProperty } from '../operator/index';
import { createOperatorExport, operatorExportKeys } from './operator-exports-api';

export type Content = OperatorExportRequestWire['contents'][number];
export const CONTENTS: { key: Content; label: MessageKey; hint: MessageKey }[] = [
  { key: 'pdf', label: 'operator-exports.content_pdf', hint: 'operator-exports.content_pdf_hint' },
  { key: 'photos', label: 'operator-exports.content_photos', hint: 'operator-exports.content_photos_hint' },
  { key: 'json', label: 'operator-exports.content_json', hint: 'operator-exports.content_json_hint' },
  { key: 'csv', label: 'operator-exports.content_csv', hint: 'operator-exports.content_csv_hint' },
];

/**
 * Which hotels: some picked by hand (each with whether it was never published), or every hotel the
 * filters find (with how many of them were never published): an export leaves those out, and the
 * page says so before it starts.
 */
type Selection =
  | { kind: 'ids'; ids: Map<number, boolean> }
  | { kind: 'matching'; query: ContractedPropertiesQueryWire; count: number; unpublished: number };
/** The page of hotels the list shows, how many of all it finds are unpublished, and the filters it was found with. */
export type ListedPage = {
  results: ContractedProperty[];
  count: number;
  unpublished: number;
  query: ContractedPropertiesQueryWire;
};

const NONE = (): Selection => ({ kind: 'ids', ids: new Map() });

/** Which hotels the export takes: picked one by one or by the page, or all the list's filters find. */
function useHotelChoice() {
  const [selection, setSelection] = useState<Selection>(NONE);
  const [page, setPage] = useState<ListedPage | null>(null);
  const ids = selection.kind === 'ids' ? selection.ids : new Map<number, boolean>();
  const matching = selection.kind === 'matching' ? selection.count : null;
  const chosen = matching ?? ids.size;
  /** Chosen hotels never published: the export leaves them out. */
  const leftOut = selection.kind === 'matching' ? selection.unpublished : [...ids.values()].filter(Boolean).length;

  const toggle = (p: ContractedProperty, on: boolean) => {
    const next = new Map(ids);
    if (on) next.set(p.id, p.publication === null);
    else next.delete(p.id);
    setSelection({ kind: 'ids', ids: next });
  };
  const selectPage = () => {
    const next = new Map(ids);
    for (const p of page?.results ?? []) next.set(p.id, p.publication === null);
    setSelection({ kind: 'ids', ids: next });
  };
  const selectMatching = () =>
    page && setSelection({ kind: 'matching', query: page.query, count: page.count, unpublished: page.unpublished });
  const clear = () => setSelection(NONE());
  return { selection, ids, matching, chosen, leftOut, page, setPage, toggle, selectPage, selectMatching, clear };
}

/** The export request: the contents in their fixed order, the sheet options, and the hotels (listed, or the filters). */
function requestOf(
  doc: { layout?: string; language?: string },
  contents: ReadonlySet<Content>,
  selection: Selection,
): OperatorExportRequestWire {
  return {
    contents: CONTENTS.map((c) => c.key).filter((k) => contents.has(k)),
    layout: (doc.layout ?? '') as OperatorExportRequestWire['layout'],
    language: (doc.language ?? 'en') as OperatorExportRequestWire['language'],
    ...(selection.kind === 'matching'
      ? {
          all_matching: true,
          search: selection.query.search ?? '',
          countries: selection.query.countries ?? [],
          city: selection.query.city ?? '',
        }
      : { hotels: [...selection.ids.keys()] }),
  };
}

/**
 * The operator's bulk export: which hotels (picked, or all matching the list's filters), what to
 * put in the zip, the fact-sheet options, and starting the export job.
 */
export function useOperatorExport(language: string) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const hotels = useHotelChoice();
  const [contents, setContents] = useState<Set<Content>>(new Set(['pdf', 'json']));
  const [busy, setBusy] = useState(false);
  const def = useMemo(() => asSection(sheetOptionsForm, sheetOptionsNames), []);
  const [session] = useState(() => new FormSession(def, { layout: '', language }));

  const toggleContent = (key: Content, on: boolean) => {
    const next = new Set(contents);
    if (on) next.add(key);
    else next.delete(key);
    setContents(next);
  };

  async function start() {
    const body = requestOf(session.store.get() as { layout?: string; language?: string }, contents, hotels.selection);
    setBusy(true);
    try {
      const answer = await createOperatorExport(body);
      enqueueSnackbar(t('operator-exports.started', { count: answer.total }), { variant: 'info' });
      hotels.clear();
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: operatorExportKeys.all });
    }
  }

  const { ids, matching, chosen, leftOut, page, setPage, toggle, selectPage, selectMatching, clear } = hotels;
  return {
    session,
    ids,
    matching,
    chosen,
    leftOut,
    page,
    setPage,
    contents,
    busy,
    toggle,
    selectPage,
    selectMatching,
    clear,
    toggleContent,
    start,
  };
}

export type OperatorExport = ReturnType<typeof useOperatorExport>;
