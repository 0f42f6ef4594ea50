/**
 * Past days on the availability chart: a day before today (where the browser is) is history, not
 * availability to offer, so painting leaves it as it was and the hotel is told the day is past
 * (issue 38: it used to be painted and then questioned as "inside the stop-sale deadline").
 */

/** The picked days split into those that may change and the past ones (YYYY-MM-DD compares as text). */
export function withoutPast<D extends { date: string }>(
  picked: readonly D[],
  today: string,
): { open: D[]; past: string[] } {
  const open: D[] = [];
  const past = new Set<string>();
  for (const d of picked) {
    if (d.date < today) past.add(d.date);
    else open.push(d);
  }
  return { open, past: [...past].sort() };
}
