import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import { useT } from '../../i18n';
import { ChartModel, currentMonth } from './chart-model';
import { fetchMonth, type MonthChart } from './stop-sale-api';

/**
 * One hotel's chart: the months read so far (each read once, spec 000 §4) in a ChartModel that
 * also holds the hotel's unsaved changes, and the month on screen. `version` is bumped whenever
 * the model changes, so the memoised grid repaints.
 */
export function useMonthCache(hotel: number) {
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const [model] = useState(() => new ChartModel());
  const [month, setMonth] = useState(currentMonth);
  const [version, setVersion] = useState(0);
  const [loading, setLoading] = useState(false);
  const loads = useRef(new Map<string, Promise<void>>());
  // Bumped when the loaded months are forgotten: an answer to an older request is dropped.
  const generation = useRef(0);
  const bump = useCallback(() => setVersion((v) => v + 1), []);

  const load = useCallback(
    (m: string) => {
      // Months already loaded are kept (spec 000 §4): no second request.
      if (model.months.has(m) || loads.current.has(m)) return;
      setLoading(true);
      const asked = generation.current;
      const p = fetchMonth(hotel, m)
        .then((chart) => {
          if (asked === generation.current) model.addMonth(chart);
        })
        .catch(() => {
          if (asked !== generation.current) return;
          // Spec 000 §8: an empty list results; and the hotel is told, since a silent blank chart misleads.
          model.addMonth({ hotel, hotel_name: '', date: m, deadline_hours: null, rooms: [] });
          enqueueSnackbar(t('stop-sale.load_failed'), { variant: 'error' });
        })
        .finally(() => {
          if (loads.current.get(m) === p) loads.current.delete(m);
          setLoading(loads.current.size > 0);
          bump();
        });
      loads.current.set(m, p);
    },
    [hotel, model, enqueueSnackbar, bump, t],
  );
  useEffect(() => load(month), [load, month]);

  /** The server changed: every loaded month is forgotten (and read again when shown). */
  const forget = () => {
    generation.current++;
    loads.current.clear();
  };

  const chart: MonthChart | undefined = model.months.get(month);
  const rooms = chart?.rooms ?? [];
  const deadline = [...model.months.values()].find((m) => m.deadline_hours !== null)?.deadline_hours ?? null;
  return { model, month, setMonth, version, bump, loading, load, forget, chart, rooms, deadline };
}
