import { memo, useMemo } from 'react';
import { useFormat, useT, type Formatters, type Translate } from '../../i18n';
import { monthDays, STATES, type DayState } from './chart-model';
import { GridStyles } from './grid-styles';
import { HeaderRow, RoomRow, type GridWords } from './grid-rows';
import { STATE_KEYS } from '../../i18n/stop-sale-states';
import type { GridRoom, RowStates, Selection } from './grid-types';
import { useGridSelection } from './use-grid-selection';

/** The room names' column: at most 180 px, down to 120 px before the days start to scroll. */
const NAME_MIN = 120;
const NAME_MAX = 180;
/** A day's least width: 31 days and the names fit in the content width of a 1280 px screen. */
const DAY_MIN = 24;

interface Props {
  month: string;
  rooms: readonly GridRoom[];
  states: RowStates;
  /** Bumped whenever states change: not read, but a new value makes the memoised grid render (rows read states through `states`). */
  version: number;
  today: string;
  readOnly?: boolean;
  /** A click or a drag ended on this rectangle: the chosen state goes on it. */
  onPaint?(s: Selection): void;
  /** A key set a state (null clears) on the selection, or on the focused day. */
  onKeyState?(s: Selection, state: DayState): void;
}

const weekend = (weekday: number) => weekday === 0 || weekday === 6;

/** The month's days with their words in the reader's language, made once per month and language. */
function useGridDays(month: string, format: Formatters) {
  return useMemo(
    () =>
      monthDays(month).map((d) => ({
        ...d,
        title: format.date(d.date),
        number: format.number(d.day),
        weekdayName: format.weekday(d.weekday),
        weekend: weekend(d.weekday),
      })),
    [month, format],
  );
}

/** The grid's words (the states' names, a cell's label), made once per language so the rows stay memoised. */
function useGridWords(t: Translate) {
  return useMemo<GridWords>(() => {
    const states = STATES.map((s) => t(STATE_KEYS[s.color]));
    const none = t('stop-sale.no_state');
    return {
      room: t('stop-sale.room'),
      states,
      cell: (room, day, state, code) => {
        const name = state >= 0 ? (states[state] ?? none) : none;
        return code
          ? t('stop-sale.cell_code', { room, day, state: name, code })
          : t('stop-sale.cell', { room, day, state: name });
      },
    };
  }, [t]);
}

/**
 * Rooms × days of one month in the states' colours; room names stay on the left while the days
 * scroll (narrow screens; from 1280 px a whole month fits). Pointer: press and drag over days and
 * rooms selects a rectangle (a click is one day). Keyboard (roving focus): arrows move,
 * shift+arrows extend, 1-5 set a state, Delete clears.
 *
 * Why it is built this way (one frame per input, 50 rooms × 31 days): the selection and the focus
 * live here, so a drag repaints the grid and not the page around it; a row repaints only when its
 * states, its part of the selection or the focus in it changed; a cell only when its own props
 * did; the styles are one style sheet per theme, not a style object per cell or per render.
 */
export const StopSaleGrid = memo(function StopSaleGrid({
  month,
  rooms,
  states,
  today,
  readOnly,
  onPaint,
  onKeyState,
}: Props) {
  const t = useT();
  const format = useFormat();
  const days = useGridDays(month, format);
  const words = useGridWords(t);
  const dates = useMemo(() => days.map((d) => d.date), [days]);
  const { gridRef, selection, focus, onPointerDown, onPointerOver, onKeyDown } = useGridSelection({
    month,
    rooms,
    dayCount: days.length,
    readOnly,
    onPaint,
    onKeyState,
  });

  const rMin = selection ? Math.min(selection.r0, selection.r1) : -1;
  const rMax = selection ? Math.max(selection.r0, selection.r1) : -2;
  const cMin = selection ? Math.min(selection.c0, selection.c1) : -1;
  const cMax = selection ? Math.max(selection.c0, selection.c1) : -1;
  return (
    <div ref={gridRef} className="ss-scroll">
      <GridStyles />
      <div
        role="grid"
        className="ss-grid"
        aria-label={t('stop-sale.grid_label', { month: format.month(month) })}
        data-month={month.slice(0, 7)}
        aria-readonly={readOnly || undefined}
        aria-multiselectable={!readOnly || undefined}
        onPointerDown={onPointerDown}
        onPointerOver={onPointerOver}
        onKeyDown={onKeyDown}
        style={{
          gridTemplateColumns: `minmax(${NAME_MIN}px, ${NAME_MAX}px) repeat(${days.length}, minmax(${DAY_MIN}px, 1fr))`,
          minWidth: NAME_MIN + days.length * DAY_MIN,
        }}
      >
        <HeaderRow days={days} today={today} words={words} />
        {rooms.map((room, r) => {
          const inRow = r >= rMin && r <= rMax;
          return (
            <RoomRow
              key={room.id}
              r={r}
              room={room}
              days={days}
              today={today}
              states={states.rowStates(room.id, month, dates)}
              selFrom={inRow ? cMin : -1}
              selTo={inRow ? cMax : -1}
              focusCol={focus.r === r ? focus.c : -1}
              words={words}
            />
          );
        })}
      </div>
    </div>
  );
});
