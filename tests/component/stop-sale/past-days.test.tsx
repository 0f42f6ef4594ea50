import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BulkDialog } from '../../../src/client/pages/stop-sale/bulk-dialog';
import { ChartModel, currentMonth, localDay, shiftMonth } from '../../../src/client/pages/stop-sale/chart-model';
import type { Selection } from '../../../src/client/pages/stop-sale/grid-types';
import { withoutPast } from '../../../src/client/pages/stop-sale/past-days';
import { usePainting } from '../../../src/client/pages/stop-sale/use-painting';
import { renderInApp } from '../render';

/**
 * Issue 38: "Painting a past day warns about the stop-sale deadline instead of saying the day is
 * past." A past day is left as it was and the hotel is told it is past; a range starting in the
 * past is refused with that reason, not questioned as late.
 */

const ROOMS = [{ id: 1, room_name: 'Double' }];

/** The chart's painting on one room of `month`, a button painting the days `c0` to `c1` (column indexes). */
function Painter({ model, month, c0, c1 }: { model: ChartModel; month: string; c0: number; c1: number }) {
  const { onPaint } = usePainting({ model, month, rooms: ROOMS, bump: () => undefined }, true);
  const selection: Selection = { r0: 0, c0, r1: 0, c1 };
  return (
    <button type="button" onClick={() => onPaint(selection)}>
      paint
    </button>
  );
}

describe('painting the availability chart', () => {
  it('leaves a past day as it was and says the day is past, not late', async () => {
    const model = new ChartModel();
    const { user } = renderInApp(<Painter model={model} month="2020-01-01" c0={4} c1={4} />);
    await user.click(screen.getByRole('button', { name: 'paint' }));
    const told = await screen.findByText(/is in the past: past days cannot be changed\./);
    expect(told.textContent).toMatch(/2020/);
    expect(told.textContent).not.toMatch(/deadline/i);
    expect(model.pending).toBe(false);
  });

  it('counts the past days of a stroke', async () => {
    const model = new ChartModel();
    const { user } = renderInApp(<Painter model={model} month="2020-01-01" c0={0} c1={2} />);
    await user.click(screen.getByRole('button', { name: 'paint' }));
    expect(await screen.findByText(/^3 of these days are in the past \(up to .*2020\)/)).toBeTruthy();
    expect(model.pending).toBe(false);
  });

  it('paints days to come without a word', async () => {
    const model = new ChartModel();
    const next = shiftMonth(currentMonth(), 1);
    const { user } = renderInApp(<Painter model={model} month={next} c0={0} c1={1} />);
    await user.click(screen.getByRole('button', { name: 'paint' }));
    expect(model.pending).toBe(true);
    expect(model.changedBefore('9999-12-31')).toEqual([
      { room: 1, date: next },
      { room: 1, date: `${next.slice(0, 8)}02` },
    ]);
    expect(screen.queryByText(/in the past/)).toBeNull();
  });
});

describe('the range dialog', () => {
  it('refuses a range starting on a past day with that reason, not the deadline', async () => {
    renderInApp(
      <BulkDialog hotel={3} rooms={ROOMS} month="2020-01-01" deadlineDay="2099-12-31" onClose={() => undefined} />,
    );
    expect(
      await screen.findByText(/^The range starts on a past day: past days cannot be changed\. Start it today/),
    ).toBeTruthy();
    expect(screen.queryByText(/deadline/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Apply to 1 room' }).hasAttribute('disabled')).toBe(true);
  });

  it('starts the current month’s range today, its past days left out', async () => {
    renderInApp(
      <BulkDialog hotel={3} rooms={ROOMS} month={currentMonth()} deadlineDay={null} onClose={() => undefined} />,
    );
    expect((await screen.findByLabelText('From')).getAttribute('value')).toBe(localDay());
    expect(screen.queryByText(/past day/)).toBeNull();
  });

  it('starts a month to come on its first day, and still warns of the deadline there', async () => {
    const next = shiftMonth(currentMonth(), 1);
    renderInApp(<BulkDialog hotel={3} rooms={ROOMS} month={next} deadlineDay="2099-12-31" onClose={() => undefined} />);
    expect(await screen.findByText(/inside your partners’ stop-sale deadline/)).toBeTruthy();
    expect(screen.queryByText(/past day/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Apply to 1 room' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('past days', () => {
  it('are the picked days before today, each date once', () => {
    const picked = [
      { room: 1, date: '2026-12-02' },
      { room: 2, date: '2026-12-02' },
      { room: 1, date: '2026-12-01' },
      { room: 1, date: '2026-12-03' },
    ];
    expect(withoutPast(picked, '2026-12-03')).toEqual({
      open: [{ room: 1, date: '2026-12-03' }],
      past: ['2026-12-01', '2026-12-02'],
    });
  });
});
