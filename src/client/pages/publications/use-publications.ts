import { useState } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessages } from '../../api/errors';
import { saveFile } from '../../api/exports';
import { useT } from '../../i18n';
import type { SheetOptionsWire } from '../../../shared/generated/wire-types';
import { downloadPublication, useComparison, usePublications, type PublicationSide } from './publications-api';

/**
 * The pair the dialog opens on: `since` (or the one last seen) against the latest when both are
 * listed and differ, so "4 changes since you last looked (publication 1)" opens on 1 against 5,
 * not on the two newest; else the two newest.
 */
export function initialPair(
  numbers: readonly number[],
  latest: number | null,
  since: number | null | undefined,
): number[] {
  if (latest !== null && since != null && since !== latest && numbers.includes(since) && numbers.includes(latest))
    return [latest, since];
  return numbers.slice(0, 2);
}

interface Target {
  open: boolean;
  side: PublicationSide;
  propertyId: number;
  options: SheetOptionsWire;
  since?: number | null;
}

/**
 * The publications dialog's reads and its download: every publication of the property, the two
 * ticked (until the reader ticks: what it last saw against the latest) and their comparison, and
 * one publication's sheet as PDF.
 */
export function usePublicationsDialog({ open, side, propertyId, options, since }: Target) {
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const list = usePublications(side, propertyId, open);
  const [picked, setPicked] = useState<number[] | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  const publications = list.data?.publications ?? [];
  const latest = list.data?.latest ?? null;
  const seen = list.data?.seen ?? null;
  // Until the reader picks: what it last saw against the latest, else the two latest.
  const chosen =
    picked ??
    initialPair(
      publications.map((p) => p.number),
      latest,
      since ?? seen,
    );
  const pair = chosen.length === 2 ? { from: Math.min(...chosen), to: Math.max(...chosen) } : null;
  const comparison = useComparison(side, propertyId, open ? pair : null, options.language);

  const toggle = (n: number) =>
    setPicked(chosen.includes(n) ? chosen.filter((x) => x !== n) : [...chosen, n].slice(-2));

  const download = async (number: number) => {
    setDownloading(number);
    try {
      const file = await downloadPublication(side, propertyId, number, options, () => undefined);
      if (file.blob) saveFile(file.blob, file.filename);
      enqueueSnackbar(t('publications.downloaded', { number }), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setDownloading(null);
    }
  };
  return {
    list: { loaded: !!list.data, pending: list.isPending, failed: list.isError, error: list.error },
    publications,
    latest,
    seen,
    chosen,
    pair,
    comparison: {
      data: comparison.data,
      pending: comparison.isPending,
      failed: comparison.isError,
      error: comparison.error,
    },
    toggle,
    download,
    downloading,
  };
}
