import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { errorMessages } from '../../api/errors';
import { asSection } from '../../engine/core/form-adapter';
import { FormSession } from '../../engine/views/form-session';
import sheetOptionsForm from '../../../shared/generated/forms/sheet-options';
import { sheetOptionsNames } from '../../../shared/generated/name-maps';
import {
  downloadChart,
  downloadFacts,
  downloadPhotos,
  exportKeys,
  saveFile,
  sendChart,
  sendFacts,
  sendPhotos,
  type SheetChoice,
} from '../../api/exports';
import { useT } from '../../i18n';
import { CHART_FAILED_LOG, MESSAGES } from './messages';
import { chartSaveName } from '../stop-sale/index';

/** This month as YYYY-MM (the month input's value). */
export const thisMonth = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

export type SendKind = 'facts' | 'photos' | 'availability';

/** One piece of work at a time: `busy` names the one under way, `progress` its share. */
function useRunner() {
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  async function run(key: string, work: () => Promise<void>) {
    setBusy(key);
    setProgress(undefined);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  }
  return { busy, progress, setProgress, run };
}

type Runner = ReturnType<typeof useRunner>;

/** The downloads: the fact sheet, the photos' zip and the availability chart's PDF. */
function useDownloads(
  property: number,
  choice: () => SheetChoice,
  { run, setProgress }: Runner,
  chartMonth: string,
  hotelName: string,
) {
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const downloadSheet = () =>
    run('facts', async () => {
      try {
        const file = await downloadFacts(property, choice(), setProgress);
        if (file.status === 204 || !file.blob)
          return void enqueueSnackbar(t(MESSAGES.notPublished), { variant: 'warning' });
        saveFile(file.blob, file.filename);
        enqueueSnackbar(t(MESSAGES.downloaded), { variant: 'success' });
      } catch {
        enqueueSnackbar(t(MESSAGES.failed), { variant: 'error' });
      }
    });

  const downloadZip = () =>
    run('photos', async () => {
      try {
        const file = await downloadPhotos(property, setProgress);
        if (file.status === 204 || !file.blob) return void enqueueSnackbar(t('exports.no_photos'), { variant: 'info' });
        saveFile(file.blob, file.filename);
        enqueueSnackbar(t('exports.photos_downloaded'), { variant: 'success' });
      } catch {
        enqueueSnackbar(t(MESSAGES.failed), { variant: 'error' });
      }
    });

  const downloadChartPdf = () =>
    run('chart', async () => {
      try {
        const file = await downloadChart(property, `${chartMonth}-01`, setProgress);
        if (!file.blob) throw new Error('no file');
        saveFile(file.blob, chartSaveName(t, hotelName, chartMonth));
        enqueueSnackbar(t('exports.chart_downloaded'), { variant: 'success' });
      } catch {
        // Spec 000 §8: a chart failure is only logged.
        console.error(CHART_FAILED_LOG);
      }
    });
  return { downloadSheet, downloadZip, downloadChartPdf };
}

/** A send to the chosen mailing group; the history of sends is read again after. */
function useSend(property: number, choice: () => SheetChoice, { run }: Runner, group: number | '', chartMonth: string) {
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const queryClient = useQueryClient();
  return (kind: SendKind) => {
    // No group chosen: nothing is sent (spec 000 §5).
    if (!group) return void enqueueSnackbar(t(MESSAGES.selectGroup), { variant: 'warning' });
    return run(`send-${kind}`, async () => {
      try {
        const c = choice();
        const answer =
          kind === 'facts'
            ? await sendFacts(group, property, c)
            : kind === 'photos'
              ? await sendPhotos(group, property, c.language)
              : await sendChart(group, property, `${chartMonth}-01`);
        enqueueSnackbar(answer.detail, { variant: 'info' });
      } catch (e) {
        enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
      } finally {
        void queryClient.invalidateQueries({ queryKey: exportKeys.sends(property) });
      }
    });
  };
}

/**
 * One property's exports: the fact-sheet options form, the chosen mailing group and chart month,
 * and the downloads and sends (one at a time: `busy` names the one under way, `progress` its share).
 */
export function useExports(property: number, defaults: { language: string; layout: string }, hotelName: string) {
  const [chartMonth, setChartMonth] = useState(thisMonth);
  const [group, setGroup] = useState<number | ''>('');
  const runner = useRunner();
  const def = useMemo(() => asSection(sheetOptionsForm, sheetOptionsNames), []);
  const [session] = useState(() => new FormSession(def, { layout: defaults.layout, language: defaults.language }));
  const choice = (): SheetChoice => {
    // The form's values through its own validator: the schema's layouts and languages only.
    const picked = session.body();
    return { layout: picked?.layout ?? '', language: picked?.language ?? 'en' };
  };
  const downloads = useDownloads(property, choice, runner, chartMonth, hotelName);
  const send = useSend(property, choice, runner, group, chartMonth);

  return {
    session,
    group,
    setGroup,
    chartMonth,
    setChartMonth,
    busy: runner.busy,
    progress: runner.progress,
    ...downloads,
    send,
  };
}

export type Exports = ReturnType<typeof useExports>;
