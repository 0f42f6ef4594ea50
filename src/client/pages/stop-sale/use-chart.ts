import { useState } from 'react';
import { useSnackbar } from 'notistack';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessages } from '../../api/errors';
import { useT } from '../../i18n';
import { downloadChartPdf } from './chart-pdf';
import { localDay } from './chart-model';
import { roomRanges, type RoomDays } from './day-ranges';
import { saveChart, syncKey } from './stop-sale-api';
import { useMonthCache } from './use-month-cache';
import { usePainting } from './use-painting';
import { useSaveShortcut } from './use-save-shortcut';
import { useStable } from './use-stable';

/** The last calendar day inside a deadline of `hours` from now (a change of that day or earlier is late). */
const deadlineDay = (hours: number): string => localDay(new Date(Date.now() + hours * 3_600_000));

/**
 * The availability chart's state for one hotel: the loaded months, the state being painted, the
 * save (asking first when changes fall inside the partners' deadline) and the range dialog.
 * Callbacks handed to memoised children are stable: a drag or a key repaints rows, not the chart.
 */
export function useChart(hotel: number, canEdit: boolean, hotelName: string) {
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const queryClient = useQueryClient();
  const cache = useMonthCache(hotel);
  const { model, month, deadline, bump, forget } = cache;
  const painting = usePainting(cache, canEdit);
  const [saving, setSaving] = useState(false);
  const [late, setLate] = useState<RoomDays[] | null>(null);
  const [bulk, setBulk] = useState(false);
  // A write tells the syncing partners: their confirmation state changes with it.
  const syncChanged = () => void queryClient.invalidateQueries({ queryKey: syncKey(hotel) });

  const doSave = async () => {
    setLate(null);
    setSaving(true);
    try {
      // The month on screen is the month saved and answered: the chart stays where the hotel works
      // and shows what the server now holds (the spec's reset is about fresh data, not moving the user).
      const saved = await saveChart(hotel, month, model.saveRooms());
      model.reset();
      forget();
      model.addMonth(saved);
      enqueueSnackbar(t('stop-sale.saved'), { variant: 'success' });
      syncChanged();
      bump();
    } catch (error) {
      // The spec swallows save failures; the changes stay here and the hotel is told they are not saved.
      enqueueSnackbar(t('stop-sale.not_saved', { reason: errorMessages(error).join(' ') }), {
        variant: 'error',
        persist: true,
      });
    } finally {
      setSaving(false);
    }
  };

  const generate = useStable(() => downloadChartPdf({ id: hotel, name: hotelName }, month, t));

  const save = useStable(() => {
    // Nothing to save, a save under way, or a dialog open (the deadline question, a range): the key does nothing.
    if (!model.pending || saving || late || bulk) return;
    const inside = deadline !== null ? model.changedBefore(deadlineDay(deadline)) : [];
    if (inside.length) setLate(roomRanges(model.roomNames(), inside, (id) => t('stop-sale.room_fallback', { id })));
    else void doSave();
  });
  const undo = useStable(() => model.undo() && bump());
  const openBulk = useStable(() => setBulk(true));
  useSaveShortcut(canEdit, save);

  const closeBulk = (written: boolean) => {
    setBulk(false);
    if (written) {
      syncChanged();
      // The server changed: the loaded months are read again (pending changes stay).
      model.forgetMonths();
      forget();
      cache.load(month);
      bump();
    }
  };

  return {
    ...cache,
    ...painting,
    saving,
    generate,
    save,
    undo,
    /** The changes inside the deadline while the hotel is asked whether to save them anyway. */
    late,
    cancelLate: () => setLate(null),
    saveAnyway: () => void doSave(),
    bulk,
    openBulk,
    closeBulk,
    /** The deadline's last day while the range dialog is open (null without a deadline). */
    bulkDeadlineDay: bulk && deadline !== null ? deadlineDay(deadline) : null,
  };
}
