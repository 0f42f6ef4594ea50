import { describe, expect, it } from 'vitest';
import { ChartModel, monthDays } from '../../../src/client/pages/stop-sale/chart-model';
import type { MonthChart } from '../../../src/client/pages/stop-sale/stop-sale-api';

const MARCH = '2027-03-01';
const dates = monthDays(MARCH).map((d) => d.date);
/** A day the server holds (room 7's), as the month answer carries it. */
const day = (id: number, date: string, color: number) => ({ id, date, color, state: null, visible: true, room: 7 });
const month = (events: MonthChart['rooms'][number]['events']): MonthChart => ({
  hotel: 1,
  hotel_name: 'H',
  date: MARCH,
  deadline_hours: null,
  rooms: [
    { id: 7, room_name: 'Double', events, codes: null },
    { id: 9, room_name: 'Suite', events: [], codes: null },
  ],
});

describe("the chart model's row states (what a grid row compares to skip a repaint)", () => {
  it('follows changes, undo, a month read again and a save, room by room', () => {
    const model = new ChartModel();
    model.addMonth(month([day(1, '2027-03-02', 4)]));
    const row = (room: number) => model.rowStates(room, MARCH, dates).split(',').slice(0, 4);
    expect(row(7)).toEqual(['', '4', '', '']);
    const suite = model.rowStates(9, MARCH, dates);

    model.apply(
      [
        { room: 7, date: '2027-03-01' },
        { room: 7, date: '2027-03-03' },
      ],
      2,
    );
    expect(row(7)).toEqual(['2', '4', '2', '']);
    // The other room's row is the same text: its memoised row is skipped.
    expect(model.rowStates(9, MARCH, dates)).toBe(suite);
    model.apply([{ room: 7, date: '2027-03-02' }], null);
    expect(row(7)).toEqual(['2', '', '2', '']);
    model.undo();
    expect(row(7)).toEqual(['2', '4', '2', '']);

    // The server's month read again (after a range write): its days show, pending changes stay.
    model.forgetMonths();
    model.addMonth(month([day(1, '2027-03-02', 4), day(2, '2027-03-04', 1)]));
    expect(row(7)).toEqual(['2', '4', '2', '1']);
    expect(model.pending).toBe(true);

    // After a save, only the server's answer.
    model.reset();
    model.addMonth(month([day(3, '2027-03-01', 2)]));
    expect(row(7)).toEqual(['2', '', '', '']);
    expect(model.pending).toBe(false);
  });
});
