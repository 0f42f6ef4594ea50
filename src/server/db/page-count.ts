/**
 * A page of rows and how many rows the whole query finds, in one statement: the page's query
 * selects `count(*) over ()` as `full_count` (every row it finds, counted before the limit), so a
 * list that answered with a count query and a page query sends one. Only a page past the last
 * (no row to carry the count) asks the count on its own.
 *
 * Measured at 50 connections on the 10,000-hotel market (issue 39): each statement costs the
 * database its planning and a pass over the joined rows, and the count repeated the page's join.
 */
export async function pageAndCount<R extends { full_count: unknown }>(
  page: () => Promise<R[]>,
  count: () => Promise<number>,
  offset: number,
): Promise<{ rows: R[]; count: number }> {
  const rows = await page();
  if (rows.length) return { rows, count: Number(rows[0]!.full_count) };
  return { rows, count: offset > 0 ? await count() : 0 };
}
