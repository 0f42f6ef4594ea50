import { memo } from 'react';
import { WEEKDAY_LETTERS as WEEKDAYS } from '../../../shared/calendar-names';
import { STATES, type monthDays } from './chart-model';
import { CODE_KEYS, type GridRoom } from './grid-types';

/** A day of the month as the grid shows it. */
export type Day = ReturnType<typeof monthDays>[number] & { title: string; weekend: boolean };

export const HeaderRow = memo(function HeaderRow({ days, today }: { days: readonly Day[]; today: string }) {
  return (
    <div role="row" style={{ display: 'contents' }}>
      <div role="columnheader" className="ss-corner">
        Room
      </div>
      {days.map((d) => (
        <div
          key={d.date}
          role="columnheader"
          aria-label={d.title}
          className={`ss-colhead${d.weekend ? ' ss-we' : ''}${d.date === today ? ' ss-today' : ''}`}
        >
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
export const RoomRow = memo(function RoomRow({ r, room, days, today, states, selFrom, selTo, focusCol }: RoomRowProps) {
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
    <div
      role="gridcell"
      aria-label={`${room.room_name}, ${day}, ${name}${code ? ` (code ${code})` : ''}`}
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
