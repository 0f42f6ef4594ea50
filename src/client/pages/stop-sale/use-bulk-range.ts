import { useState } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessages } from '../../api/errors';
import { useT } from '../../i18n';
import { localDay, monthDays } from './chart-model';
import { writeRange } from './stop-sale-api';
import type { GridRoom } from './grid-types';

/**
 * The bulk dialog's range, state and rooms, whether the range starts in the past, and the one
 * request that writes it.
 */
export function useBulkRange({
  hotel,
  rooms,
  month,
  onClose,
}: {
  hotel: number;
  rooms: readonly GridRoom[];
  month: string;
  onClose(written: boolean): void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const days = monthDays(month);
  const today = localDay();
  const first = days[0]!.date;
  const last = days[days.length - 1]!.date;
  // The current month's range starts today: its past days cannot be changed.
  const [from, setFrom] = useState(() => (first < today && today <= last ? today : first));
  const [to, setTo] = useState(last);
  const [state, setState] = useState<string>('2');
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(rooms.map((r) => r.id)));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A range starting in the past is refused here with that reason.
  const past = !!from && from < today;
  const choose = (room: number, checked: boolean) =>
    setChosen((s) => {
      const n = new Set(s);
      if (checked) n.add(room);
      else n.delete(room);
      return n;
    });
  const apply = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await writeRange({
        hotel,
        rooms: [...chosen],
        from,
        to,
        color: state === 'clear' ? null : Number(state),
      });
      enqueueSnackbar(t('stop-sale.bulk_written', { count: res.written }), { variant: 'success' });
      onClose(true);
    } catch (e) {
      setError(errorMessages(e).join(' '));
    } finally {
      setBusy(false);
    }
  };
  return { today, from, setFrom, to, setTo, state, setState, chosen, choose, busy, error, past, apply };
}
