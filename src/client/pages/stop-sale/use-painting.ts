import { useState } from 'react';
import { useSnackbar } from 'notistack';
import { useFormat, useT } from '../../i18n';
import { localDay, monthDays, type ChartModel, type DayState } from './chart-model';
import type { GridRoom, Selection } from './grid-types';
import { withoutPast } from './past-days';
import { useStable } from './use-stable';

/**
 * The state the next click paints, and painting a selected rectangle of the month on screen; past
 * days are left as they were, and the hotel is told they are past (not that they are late).
 * The handlers are stable for the memoised grid: a drag or a key repaints rows, not the chart.
 */
export function usePainting(
  { model, month, rooms, bump }: { model: ChartModel; month: string; rooms: readonly GridRoom[]; bump(): void },
  canEdit: boolean,
) {
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const format = useFormat();
  const [paint, setPaint] = useState<DayState>(2);
  const applyTo = (s: Selection, state: DayState) => {
    const days = monthDays(month);
    const picked: Array<{ room: number; date: string }> = [];
    for (let r = Math.min(s.r0, s.r1); r <= Math.max(s.r0, s.r1); r++)
      for (let c = Math.min(s.c0, s.c1); c <= Math.max(s.c0, s.c1); c++)
        picked.push({ room: rooms[r]!.id, date: days[c]!.date });
    const { open, past } = withoutPast(picked, localDay());
    if (past.length)
      enqueueSnackbar(t('stop-sale.past_days', { count: past.length, day: format.date(past[past.length - 1]!) }), {
        variant: 'info',
        preventDuplicate: true,
      });
    if (model.apply(open, state)) bump();
  };
  const onPaint = useStable((s: Selection) => canEdit && applyTo(s, paint));
  const onKeyState = useStable((s: Selection, state: DayState) => {
    setPaint(state);
    applyTo(s, state);
  });
  return { paint, setPaint, onPaint, onKeyState };
}
