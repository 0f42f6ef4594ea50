import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import { useTheme, type Theme } from '@mui/material/styles';
import { WEEKDAY_LETTERS as WEEKDAYS } from '../../../shared/calendar-names';
import { dayTitle, monthDays, STATES, type DayState } from './chart-model';
import { stateColors } from './chart-colors';

export interface GridRoom {
  id: number;
  room_name: string;
  codes?: { free: string | null; open: string | null; stop: string | null; request: string | null; block: string | null } | null;
}

/** A rectangle of rooms (row indexes) and days (column indexes), both inclusive. */
export interface Selection {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

export const CODE_KEYS = ['free', 'open', 'stop', 'request', 'block'] as const;

/** Where the grid reads each room's states: a row's days comma-joined ('' for none), see ChartModel.rowStates. */
export interface RowStates {
  rowStates(room: number, month: string, dates: readonly string[]): string;
}

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
const MOVES: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

const cellAt = (target: EventTarget | null): { r: number; c: number } | null => {
  const el = (target as HTMLElement | null)?.closest?.('[data-row]') as HTMLElement | null;
  return el ? { r: Number(el.dataset.row), c: Number(el.dataset.col) } : null;
};

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
export const StopSaleGrid = memo(function StopSaleGrid({ month, rooms, states, today, readOnly, onPaint, onKeyState }: Props) {
  const days = useMemo(() => monthDays(month).map((d) => ({ ...d, title: dayTitle(d.date), weekend: weekend(d.weekday) })), [month]);
  const dates = useMemo(() => days.map((d) => d.date), [days]);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [focus, setFocus] = useState({ r: 0, c: 0 });
  const drag = useRef<Selection | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);

  // Another month or the rooms read again (after a save): the old rectangle means nothing there.
  useEffect(() => setSelection(null), [month, rooms]);
  useEffect(() => {
    const el = gridRef.current?.querySelector<HTMLElement>(`[data-row="${focus.r}"][data-col="${focus.c}"]`);
    if (el && gridRef.current?.contains(document.activeElement) && document.activeElement !== el) el.focus();
  }, [focus]);

  const onPointerDown = useCallback(
    (e: PointerEvent) => {
      if (readOnly || e.button !== 0) return;
      const at = cellAt(e.target);
      if (!at) return;
      // No text selection while dragging; the pressed day takes the keyboard focus (arrows go on from it).
      e.preventDefault();
      (e.target as HTMLElement).releasePointerCapture?.(e.pointerId);
      ((e.target as HTMLElement).closest('[data-row]') as HTMLElement | null)?.focus({ preventScroll: true });
      drag.current = { r0: at.r, c0: at.c, r1: at.r, c1: at.c };
      setFocus(at);
      setSelection(drag.current);
    },
    [readOnly],
  );
  const onPointerOver = useCallback((e: PointerEvent) => {
    if (!drag.current) return;
    const at = cellAt(e.target);
    if (!at || (at.r === drag.current.r1 && at.c === drag.current.c1)) return;
    drag.current = { ...drag.current, r1: at.r, c1: at.c };
    setSelection(drag.current);
  }, []);
  useEffect(() => {
    const up = () => {
      if (!drag.current) return;
      const done = drag.current;
      drag.current = null;
      onPaint?.(done);
    };
    window.addEventListener('pointerup', up);
    return () => window.removeEventListener('pointerup', up);
  }, [onPaint]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!rooms.length || e.ctrlKey || e.metaKey || e.altKey) return;
    const move = MOVES[e.key];
    if (move) {
      e.preventDefault();
      const next = { r: Math.min(rooms.length - 1, Math.max(0, focus.r + move[0])), c: Math.min(days.length - 1, Math.max(0, focus.c + move[1])) };
      setFocus(next);
      if (e.shiftKey && !readOnly) {
        const base = selection ?? { r0: focus.r, c0: focus.c, r1: focus.r, c1: focus.c };
        setSelection({ ...base, r1: next.r, c1: next.c });
      } else setSelection({ r0: next.r, c0: next.c, r1: next.r, c1: next.c });
      return;
    }
    if (readOnly) return;
    const target = selection ?? { r0: focus.r, c0: focus.c, r1: focus.r, c1: focus.c };
    if (/^[1-5]$/.test(e.key)) {
      e.preventDefault();
      onKeyState?.(target, Number(e.key) - 1);
    } else if (e.key === 'Delete' || e.key === 'Backspace' || e.key === '0') {
      e.preventDefault();
      onKeyState?.(target, null);
    }
  };

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
        aria-label={`Availability ${month.slice(0, 7)}`}
        aria-readonly={readOnly || undefined}
        aria-multiselectable={!readOnly || undefined}
        onPointerDown={onPointerDown}
        onPointerOver={onPointerOver}
        onKeyDown={onKeyDown}
        style={{ gridTemplateColumns: `minmax(${NAME_MIN}px, ${NAME_MAX}px) repeat(${days.length}, minmax(${DAY_MIN}px, 1fr))`, minWidth: NAME_MIN + days.length * DAY_MIN }}
      >
        <HeaderRow days={days} today={today} />
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
            />
          );
        })}
      </div>
    </div>
  );
});

type Day = ReturnType<typeof monthDays>[number] & { title: string; weekend: boolean };

// One style sheet per theme for every chart on the page: 1,600 headers and cells carry class
// names only, and a render of the grid serialises no styles (a memoised component with no props).
const GridStyles = memo(function GridStyles() {
  return <GlobalStyles styles={gridStyles} />;
});

function gridStyles(theme: Theme) {
  const colors = stateColors(theme);
  const line = `1px solid ${theme.palette.divider}`;
  const paper = theme.palette.background.paper;
  const states = Object.fromEntries(colors.map((c, i) => [`.ss-grid .ss-cell.ss-s${i}`, { background: c.bg, color: c.fg }]));
  return {
    '.ss-scroll': { overflowX: 'auto', border: line, borderRadius: theme.shape.borderRadius },
    '.ss-grid': { display: 'grid', touchAction: 'none' },
    '.ss-grid .ss-cell, .ss-grid .ss-colhead, .ss-grid .ss-rowhead, .ss-grid .ss-corner': { borderRight: line, borderBottom: line },
    '.ss-grid .ss-cell': {
      height: 32, background: paper, color: theme.palette.text.primary, fontSize: 10,
      display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', cursor: 'pointer', userSelect: 'none',
      // A cell's content never sizes the grid, and its paint is its own: a changed day lays out and
      // repaints only itself. Traced per keystroke (50 rooms, loaded machine): paint 1-3 ms with
      // strict, 6-13 ms with size and layout containment only, about 30 ms with none.
      contain: 'strict',
    },
    '.ss-grid .ss-cell.ss-we, .ss-grid .ss-colhead.ss-we': { backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})` },
    ...states,
    '.ss-grid .ss-cell.ss-today': { boxShadow: 'inset 0 -3px 0 0 currentColor' },
    // Selected days: a ring in the text colour, seen on every state's fill.
    '.ss-grid .ss-cell.ss-sel': { outline: `2px solid ${theme.palette.text.primary}`, outlineOffset: -2 },
    '.ss-grid .ss-cell:focus-visible': { outline: `3px solid ${theme.palette.secondary.main}`, outlineOffset: -3 },
    '.ss-grid .ss-corner, .ss-grid .ss-rowhead': { position: 'sticky', left: 0, background: paper, padding: theme.spacing(0, 1), display: 'flex', alignItems: 'center' },
    '.ss-grid .ss-corner': { zIndex: 2, fontSize: 12, fontWeight: 600 },
    '.ss-grid .ss-rowhead': { zIndex: 1, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', fontSize: 13, minWidth: 0, display: 'block', lineHeight: '32px' },
    '.ss-grid .ss-colhead': { textAlign: 'center', fontSize: 11, padding: theme.spacing(0.5, 0) },
    '.ss-grid .ss-colhead.ss-today': { fontWeight: 700, color: theme.palette.info.main },
  };
}

const HeaderRow = memo(function HeaderRow({ days, today }: { days: readonly Day[]; today: string }) {
  return (
    <div role="row" style={{ display: 'contents' }}>
      <div role="columnheader" className="ss-corner">
        Room
      </div>
      {days.map((d) => (
        <div key={d.date} role="columnheader" aria-label={d.title} className={`ss-colhead${d.weekend ? ' ss-we' : ''}${d.date === today ? ' ss-today' : ''}`}>
          {WEEKDAYS[d.weekday]}
          <br />
          {d.day}
        </div>
      ))}
    </div>
  );
});

interface RoomRowProps {
  r: number;
  room: GridRoom;
  days: readonly Day[];
  today: string;
  /** The row's states, comma-joined ('' for none): compared by value, so an unchanged row is skipped. */
  states: string;
  selFrom: number;
  selTo: number;
  focusCol: number;
}

// Per row, what its cells show: a row repaints only when one of its days, its part of the
// selection or the focus in it changed (a keystroke touches one or two rows of fifty).
const RoomRow = memo(function RoomRow({ r, room, days, today, states, selFrom, selTo, focusCol }: RoomRowProps) {
  const list = states.split(',');
  return (
    <div role="row" style={{ display: 'contents' }}>
      <div role="rowheader" className="ss-rowhead" title={room.room_name}>
        {room.room_name}
      </div>
      {days.map((d, c) => {
        const text = list[c] ?? '';
        const state = text === '' ? -1 : Number(text);
        return (
          <Cell
            key={d.date}
            row={r}
            col={c}
            room={room}
            day={d.title}
            state={state}
            selected={c >= selFrom && c <= selTo}
            focused={focusCol === c}
            weekend={d.weekend}
            today={d.date === today}
          />
        );
      })}
    </div>
  );
});

interface CellProps {
  row: number;
  col: number;
  room: GridRoom;
  day: string;
  /** The state's index in STATES, -1 for none. */
  state: number;
  selected: boolean;
  focused: boolean;
  weekend: boolean;
  today: boolean;
}

// Memoised plain elements styled by the sheet's classes: a drag repaints only the cells whose
// selection or state changed, and a cell's label is built only when it repaints.
const Cell = memo(function Cell({ row, col, room, day, state, selected, focused, weekend, today }: CellProps) {
  const code = state >= 0 && room.codes ? room.codes[CODE_KEYS[state]!] : null;
  const name = state >= 0 ? STATES[state]!.label : 'no state';
  const classes = `ss-cell${weekend ? ' ss-we' : ''}${today ? ' ss-today' : ''}${selected ? ' ss-sel' : ''}${state >= 0 ? ` ss-s${state}` : ''}`;
  return (
    <div role="gridcell" aria-label={`${room.room_name}, ${day}, ${name}${code ? ` (code ${code})` : ''}`} aria-selected={selected} tabIndex={focused ? 0 : -1} data-row={row} data-col={col} data-state={state} className={classes}>
      {code}
    </div>
  );
});

/** The states and their colours (and an operator's codes for them). */
export const Legend = memo(function Legend({ codes }: { codes?: GridRoom['codes'] }) {
  const theme = useTheme();
  const colors = stateColors(theme);
  return (
    <Box component="ul" aria-label="Legend" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}>
      {STATES.map((s) => (
        <Box component="li" key={s.color} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 13 }}>
          <Box data-testid={`legend-swatch-${s.color}`} sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: colors[s.color]!.bg }} />
          {s.label}
          {codes?.[CODE_KEYS[s.color]] ? ` (${codes[CODE_KEYS[s.color]]})` : ''}
        </Box>
      ))}
    </Box>
  );
});
