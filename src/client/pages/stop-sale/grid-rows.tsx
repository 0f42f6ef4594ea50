import { memo } from 'react';
import type { monthDays } from './chart-model';
import { CODE_KEYS, type GridRoom } from './grid-types';

/**
 * A day of the month as the grid shows it: its full date, its number and weekday letters in the
 * interface's language.
 */
export type Day = ReturnType<typeof monthDays>[number] & {
  title: string;
  number: string;
  weekdayName: string;
  weekend: boolean;
};

/** The grid's words in the interface's language, built once per language and handed down. */
export interface GridWords {
  room: string;
  /** The states' names by their index in STATES. */
  states: readonly string[];
  /** A cell's label: room, day, state (or none) and the operator's code. */
  cell(room: string, day: string, state: number, code: string | null): string;
}

export const HeaderRow = memo(function HeaderRow({
  days,
  today,
  words,
}: {
  days: readonly Day[];
  today: string;
  words: GridWords;
}) {
  return (
    <div role="row" style={{ display: 'contents' }}>
      <div role="columnheader" className="ss-corner">
        {words.room}
      </div>
      {days.map((d) => (
        <div
          key={d.date}
          role="columnheader"
          aria-label={d.title}
          className={`ss-colhead${d.weekend ? ' ss-we' : ''}${d.date === today ? ' ss-today' : ''}`}
        >
          {d.weekdayName}
          <br />
          {d.number}
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
  words: GridWords;
}

// Per row, what its cells show: a row repaints only when one of its days, its part of the
// selection or the focus in it changed (a keystroke touches one or two rows of fifty).
export const RoomRow = memo(function RoomRow({
  r,
  room,
  days,
  today,
  states,
  selFrom,
  selTo,
  focusCol,
  words,
}: RoomRowProps) {
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
            words={words}
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
  words: GridWords;
}

// Memoised plain elements styled by the sheet's classes: a drag repaints only the cells whose
// selection or state changed, and a cell's label is built only when it repaints.
const Cell = memo(function Cell({ row, col, room, day, state, selected, focused, weekend, today, words }: CellProps) {
  const code = state >= 0 && room.codes ? room.codes[CODE_KEYS[state]!] : null;
  const classes = `ss-cell${weekend ? ' ss-we' : ''}${today ? ' ss-today' : ''}${selected ? ' ss-sel' : ''}${state >= 0 ? ` ss-s${state}` : ''}`;
  return (
    <div
      role="gridcell"
      aria-label={words.cell(room.room_name, day, state, code ?? null)}
      aria-selected={selected}
      tabIndex={focused ? 0 : -1}
      data-row={row}
      data-col={col}
      data-state={state}
      className={classes}
    >
      {code}
    </div>
  );
});
