import { describe, expect, it } from 'vitest';
import { formatFeatureDate, formatNotificationDate, formatTimeLeft, newestFirst } from '../../src/client/format/dates';

describe('date formats (spec 000 §9)', () => {
  it('notification dates: UTC, day.month.year hour:minute', () => {
    expect(formatNotificationDate('2026-03-05T14:07:59.000Z')).toBe('05.03.2026 14:07');
    // An offset is converted to UTC, not shown in local time.
    expect(formatNotificationDate('2026-12-31T23:30:00-02:00')).toBe('01.01.2027 01:30');
    expect(formatNotificationDate('garbage')).toBe('garbage');
  });

  it('feature dates: day MonthName year, the calendar day as written', () => {
    expect(formatFeatureDate('2026-11-20')).toBe('20 November 2026');
    expect(formatFeatureDate('2026-01-01')).toBe('1 January 2026');
    expect(formatFeatureDate('2026-05-09T23:59:00Z')).toBe('9 May 2026');
  });

  it('time left before a sign-in ban ends', () => {
    expect(formatTimeLeft(15 * 60_000)).toBe('15:00');
    expect(formatTimeLeft(61_001)).toBe('1:02');
    expect(formatTimeLeft(3_600_000 + 5_000)).toBe('1:00:05');
    expect(formatTimeLeft(-10)).toBe('0:00');
  });

  it('newest first', () => {
    const items = [{ d: '2026-10-15' }, { d: '2026-11-20' }, { d: '2025-01-01' }];
    expect(newestFirst(items, (i) => i.d).map((i) => i.d)).toEqual(['2026-11-20', '2026-10-15', '2025-01-01']);
  });
});
