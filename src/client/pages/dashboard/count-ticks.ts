/**
 * Ticks for counts: whole numbers only (never "0.5 properties"), at most `most` of them above
 * zero, the last at or above `max` so the top bar stays under the top line. Steps of 1, 2 or 5
 * times a power of ten, the ones the grid's own tick rule picks, so lines and labels agree.
 */
export function countTicks(max: number, most = 4): number[] {
  let step = 1;
  for (let power = 1; step * most < max; power *= 10)
    step = [1, 2, 5, 10].map((m) => m * power).find((s) => s * most >= max) ?? power * 10;
  const ticks = [0];
  while (ticks.at(-1)! < max) ticks.push(ticks.at(-1)! + step);
  return ticks;
}
