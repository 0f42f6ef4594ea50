/** The last `count` months up to the one of `now` (UTC), oldest first, as {month 1-12, year}. */
export function lastMonths(now: Date, count = 12): { month: number; year: number }[] {
  const out: { month: number; year: number }[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push({ month: d.getUTCMonth() + 1, year: d.getUTCFullYear() });
  }
  return out;
}

/** The first instant of the oldest of those months, as ISO text (for `created_at >= ...`). */
export function monthsSince(now: Date, count = 12): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1), 1)).toISOString();
}

/** Counts of ISO timestamps per month, for the months given (zero where none). */
export function perMonth(months: readonly { month: number; year: number }[], stamps: readonly string[]): number[] {
  const key = (y: number, m: number) => `${y}-${m}`;
  const counts = new Map<string, number>();
  for (const s of stamps) {
    const d = new Date(s);
    const k = key(d.getUTCFullYear(), d.getUTCMonth() + 1);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return months.map((m) => counts.get(key(m.year, m.month)) ?? 0);
}
