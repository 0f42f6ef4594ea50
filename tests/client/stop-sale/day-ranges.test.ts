import { describe, expect, it } from 'vitest';
import { ChartModel } from '../../../src/client/pages/stop-sale/chart-model';
import { mergeDays, roomRanges } from '../../../src/client/pages/stop-sale/day-ranges';

describe('merging changed days into ranges (the deadline warning)', () => {
  it('joins consecutive days, keeps gaps apart, drops repeats and sorts', () => {
    expect(
      mergeDays(['2026-03-14', '2026-03-12', '2026-03-13', '2026-03-13', '2026-03-16', '2026-03-20', '2026-03-19']),
    ).toEqual([
      { from: '2026-03-12', to: '2026-03-14' },
      { from: '2026-03-16', to: '2026-03-16' },
      { from: '2026-03-19', to: '2026-03-20' },
    ]);
    expect(mergeDays([])).toEqual([]);
  });

  it('runs across month ends, year ends and leap days', () => {
    expect(mergeDays(['2026-03-31', '2026-04-01', '2026-02-28', '2026-03-01'])).toEqual([
      { from: '2026-02-28', to: '2026-03-01' },
      { from: '2026-03-31', to: '2026-04-01' },
    ]);
    expect(mergeDays(['2028-02-28', '2028-03-01'])).toEqual([
      { from: '2028-02-28', to: '2028-02-28' },
      { from: '2028-03-01', to: '2028-03-01' },
    ]);
    expect(mergeDays(['2026-12-31', '2027-01-01'])).toEqual([{ from: '2026-12-31', to: '2027-01-01' }]);
  });

  it("groups a model's changed days inside the deadline by room, in the chart's order", () => {
    const model = new ChartModel();
    model.addMonth({
      hotel: 1,
      hotel_name: 'H',
      date: '2026-03-01',
      deadline_hours: 48,
      rooms: [
        { id: 7, room_name: 'Double', events: [], codes: null },
        {
          id: 9,
          room_name: 'Suite',
          events: [{ id: 1, date: '2026-03-13', color: 2, state: null, visible: true, room: 9 }],
          codes: null,
        },
      ],
    });
    const days = (room: number, from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => ({ room, date: `2026-03-${String(from + i).padStart(2, '0')}` }));
    model.apply([...days(9, 12, 14), ...days(7, 12, 14)], 2);
    model.apply(days(7, 20, 21), 4);
    model.apply(days(7, 25, 25), 1);
    const late = model.changedBefore('2026-03-21');
    expect(late).toHaveLength(7);
    expect(roomRanges(model.roomNames(), late, (id) => `Room ${id}`)).toEqual([
      {
        room: 7,
        name: 'Double',
        ranges: [
          { from: '2026-03-12', to: '2026-03-14' },
          { from: '2026-03-20', to: '2026-03-21' },
        ],
      },
      // The 13th already held Stop Sale on the server: not a change.
      {
        room: 9,
        name: 'Suite',
        ranges: [
          { from: '2026-03-12', to: '2026-03-12' },
          { from: '2026-03-14', to: '2026-03-14' },
        ],
      },
    ]);
  });
});
