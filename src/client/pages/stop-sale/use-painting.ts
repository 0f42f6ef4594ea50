import { useState } from 'react';
import { monthDays, type ChartModel, type DayState } from './chart-model';
import type { GridRoom, Selection } from './grid-types';
import { useStable } from './use-stable';

/**
 * The state the next click paints, and painting a selected rectangle of the month on screen.
 * The handlers are stable for the memoised grid: a drag or a key repaints rows, not the chart.
 */
export function usePainting(
  { model, month, rooms, bump }: { model: ChartModel; month: string; rooms: readonly GridRoom[]; bump(): void },
  canEdit: boolean,
) {
  const [paint, setPaint] = useState<DayState>(2);
  const applyTo = (s: Selection, state: DayState) => {
    const days = monthDays(month);
    const picked: Array<{ room: number; date: string }> = [];
    for (let r = Math.min(s.r0, s.r1); r <= Math.max(s.r0, s.r1); r++)
      for (let c = Math.min(s.c0, s.c1); c <= Math.max(s.c0, s.c1); c++)
        picked.push({ room: rooms[r]!.id, date: days[c]!.date });
    if (model.apply(picked, state)) bump();
  };
  const onPaint = useStable((s: Selection) => canEdit && applyTo(s, paint));
  const onKeyState = useStable((s: Selection, state: DayState) => {
    setPaint(state);
    applyTo(s, state);
  });
  return { paint, setPaint, onPaint, onKeyState };
}
