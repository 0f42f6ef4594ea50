import { memo, useCallback, useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import { useTheme, type Theme } from '@mui/material/styles';
import { WEEKDAY_LETTERS as WEEKDAYS } from '../../../shared/calendar-names';
import { dayTitle, monthDays, STATES, type DayState } from './chart-model';

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

export function stateColor(theme: Theme, state: DayState): string | undefined {
  if (state === null) return undefined;
  const palette = STATES[state]?.palette;
  return palette === 'dark' ? theme.palette.grey[900] : palette ? theme.palette[palette].main : undefined;
}

interface CellProps {
  row: number;
  col: number;
  label: string;
  color: string | undefined;
  code: string | null;
  selected: boolean;
  focused: boolean;
  weekend: boolean;
  today: boolean;
}

// Memoised plain elements styled by the grid's classes: 1,550 cells must not each carry their own
// style object (first paint), and a drag repaints only the cells whose selection or state changed.
const Cell = memo(function Cell({ row, col, label, color, code, selected, focused, weekend, today }: CellProps) {
  const classes = `ss-cell${weekend ? ' ss-we' : ''}${today ? ' ss-today' : ''}${selected ? ' ss-sel' : ''}${color ? ' ss-state' : ''}`;
  return (
    <div role="gridcell" aria-label={label} aria-selected={selected} tabIndex={focused ? 0 : -1} data-row={row} data-col={col} className={classes} style={color ? { background: color } : undefined}>
      {code}
    </div>
  );
});

interface Props {
  month: string;
  rooms: readonly GridRoom[];
  stateOf(room: number, date: string): DayState;
  /** Bumped whenever states change (cells read them through stateOf). */
  version: number;
  today: string;
  readOnly?: boolean;
  selection: Selection | null;
  focus: { r: number; c: number };
  onSelection?(s: Selection | null, done: boolean): void;
  onFocus?(f: { r: number; c: number }): void;
  onKeyState?(state: DayState): void;
}

/**
 * Rooms × days of one month in the states' colours; room names stay on the left while the days
 * scroll. Pointer: press and drag over days and rooms selects a rectangle (a click is one day).
 * Keyboard (roving focus): arrows move, shift+arrows extend, 1-5 set a state, Delete clears.
 */
export function StopSaleGrid({ month, rooms, stateOf, version, today, readOnly, selection, focus, onSelection, onFocus, onKeyState }: Props) {
  const theme = useTheme();
  const days = monthDays(month);
  const drag = useRef<Selection | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = gridRef.current?.querySelector<HTMLElement>(`[data-row="${focus.r}"][data-col="${focus.c}"]`);
    if (el && gridRef.current?.contains(document.activeElement) && document.activeElement !== el) el.focus();
  }, [focus]);

  const cellAt = (target: EventTarget | null): { r: number; c: number } | null => {
    const el = (target as HTMLElement | null)?.closest?.('[data-row]') as HTMLElement | null;
    return el ? { r: Number(el.dataset.row), c: Number(el.dataset.col) } : null;
  };

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
      onFocus?.(at);
      onSelection?.(drag.current, false);
    },
    [readOnly, onFocus, onSelection],
  );
  const onPointerOver = useCallback(
    (e: PointerEvent) => {
      if (!drag.current) return;
      const at = cellAt(e.target);
      if (!at || (at.r === drag.current.r1 && at.c === drag.current.c1)) return;
      drag.current = { ...drag.current, r1: at.r, c1: at.c };
      onSelection?.(drag.current, false);
    },
    [onSelection],
  );
  useEffect(() => {
    const up = () => {
      if (!drag.current) return;
      const done = drag.current;
      drag.current = null;
      onSelection?.(done, true);
    };
    window.addEventListener('pointerup', up);
    return () => window.removeEventListener('pointerup', up);
  }, [onSelection]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!rooms.length) return;
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      const next = { r: Math.min(rooms.length - 1, Math.max(0, focus.r + move[0])), c: Math.min(days.length - 1, Math.max(0, focus.c + move[1])) };
      onFocus?.(next);
      if (e.shiftKey && !readOnly) {
        const base = selection ?? { r0: focus.r, c0: focus.c, r1: focus.r, c1: focus.c };
        onSelection?.({ ...base, r1: next.r, c1: next.c }, false);
      } else onSelection?.({ r0: next.r, c0: next.c, r1: next.r, c1: next.c }, false);
      return;
    }
    if (readOnly) return;
    if (/^[1-5]$/.test(e.key)) {
      e.preventDefault();
      onKeyState?.(Number(e.key) - 1);
    } else if (e.key === 'Delete' || e.key === 'Backspace' || e.key === '0') {
      e.preventDefault();
      onKeyState?.(null);
    }
  };

  // Per row, what its cells show: a row repaints only when one of its days, its part of the
  // selection or the focus in it changed (a keystroke touches one or two rows of fifty).
  const rows = rooms.map((room, r) => {
    const states = days.map((d) => stateOf(room.id, d.date));
    const inRow = selection && r >= Math.min(selection.r0, selection.r1) && r <= Math.max(selection.r0, selection.r1);
    return {
      room,
      states: states.map((x) => (x === null ? '' : String(x))).join(','),
      selFrom: inRow ? Math.min(selection.c0, selection.c1) : -1,
      selTo: inRow ? Math.max(selection.c0, selection.c1) : -1,
      focusCol: focus.r === r ? focus.c : -1,
    };
  });

  return (
    <Box ref={gridRef} sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }} data-version={version}>
      <Box
        role="grid"
        aria-label={`Availability ${month.slice(0, 7)}`}
        aria-readonly={readOnly || undefined}
        aria-multiselectable={!readOnly || undefined}
        onPointerDown={onPointerDown}
        onPointerOver={onPointerOver}
        onKeyDown={onKeyDown}
        sx={{
          display: 'grid',
          gridTemplateColumns: `180px repeat(${days.length}, minmax(34px, 1fr))`,
          minWidth: 180 + days.length * 34,
          touchAction: 'none',
          // One set of classes for every header and cell: 1,600 elements must not each carry their own styles.
          '& .ss-cell, & .ss-colhead, & .ss-rowhead, & .ss-corner': { borderRight: 1, borderBottom: 1, borderColor: 'divider' },
          '& .ss-cell': {
            height: 32, bgcolor: 'background.paper', color: 'text.primary', fontSize: 10,
            display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', cursor: 'pointer', userSelect: 'none',
          },
          '& .ss-cell.ss-we, & .ss-colhead.ss-we': { bgcolor: 'action.hover' },
          '& .ss-cell.ss-state': { color: '#fff' },
          '& .ss-cell.ss-today': { boxShadow: 'inset 0 -3px 0 0 currentColor' },
          '& .ss-cell.ss-sel': { outline: '2px solid', outlineColor: 'info.main', outlineOffset: '-2px' },
          '& .ss-cell:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main', outlineOffset: '-3px' },
          '& .ss-corner, & .ss-rowhead': { position: 'sticky', left: 0, bgcolor: 'background.paper', px: 1, display: 'flex', alignItems: 'center' },
          '& .ss-corner': { zIndex: 2, fontSize: 12, fontWeight: 600 },
          '& .ss-rowhead': { zIndex: 1, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', fontSize: 13 },
          '& .ss-colhead': { textAlign: 'center', fontSize: 11, py: 0.5 },
          '& .ss-colhead.ss-today': { fontWeight: 700, color: 'info.main' },
        }}
      >
        <HeaderRow month={month} today={today} />
        {rows.map((row, r) => (
          <RoomRow key={row.room.id} r={r} month={month} today={today} theme={theme} {...row} />
        ))}
      </Box>
    </Box>
  );
}

const weekend = (weekday: number) => weekday === 0 || weekday === 6;

const HeaderRow = memo(function HeaderRow({ month, today }: { month: string; today: string }) {
  return (
    <div role="row" style={{ display: 'contents' }}>
      <div role="columnheader" className="ss-corner">
        Room
      </div>
      {monthDays(month).map((d) => (
        <div key={d.date} role="columnheader" aria-label={dayTitle(d.date)} className={`ss-colhead${weekend(d.weekday) ? ' ss-we' : ''}${d.date === today ? ' ss-today' : ''}`}>
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
  month: string;
  today: string;
  theme: Theme;
  room: GridRoom;
  /** The row's states, comma-joined ('' for none): compared by value, so an unchanged row is skipped. */
  states: string;
  selFrom: number;
  selTo: number;
  focusCol: number;
}

const RoomRow = memo(function RoomRow({ r, month, today, theme, room, states, selFrom, selTo, focusCol }: RoomRowProps) {
  const list = states.split(',');
  return (
    <div role="row" style={{ display: 'contents' }}>
      <div role="rowheader" className="ss-rowhead">
        {room.room_name}
      </div>
      {monthDays(month).map((d, c) => {
        const text = list[c] ?? '';
        const state: DayState = text === '' ? null : Number(text);
        const name = state === null ? 'no state' : STATES[state]!.label;
        const code = state !== null && room.codes ? room.codes[CODE_KEYS[state]!] : null;
        return (
          <Cell
            key={d.date}
            row={r}
            col={c}
            label={`${room.room_name}, ${dayTitle(d.date)}, ${name}${code ? ` (code ${code})` : ''}`}
            color={stateColor(theme, state)}
            code={code}
            selected={c >= selFrom && c <= selTo}
            focused={focusCol === c}
            weekend={weekend(d.weekday)}
            today={d.date === today}
          />
        );
      })}
    </div>
  );
});

/** The states and their colours (and an operator's codes for them). */
export const Legend = memo(function Legend({ codes }: { codes?: GridRoom['codes'] }) {
  const theme = useTheme();
  return (
    <Box component="ul" aria-label="Legend" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}>
      {STATES.map((s) => (
        <Box component="li" key={s.color} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 13 }}>
          <Box sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: stateColor(theme, s.color) }} />
          {s.label}
          {codes?.[CODE_KEYS[s.color]] ? ` (${codes[CODE_KEYS[s.color]]})` : ''}
        </Box>
      ))}
    </Box>
  );
});
