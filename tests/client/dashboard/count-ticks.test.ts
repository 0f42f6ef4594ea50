import { describe, expect, it } from 'vitest';
import { countTicks } from '../../../src/client/pages/dashboard/count-ticks';

describe('count ticks', () => {
  it('are whole numbers from zero to at least the highest bar, at most four steps', () => {
    for (let max = 1; max <= 2_000; max++) {
      const ticks = countTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(ticks.length - 1).toBeLessThanOrEqual(4);
    }
  });

  it('step by 1, 2 or 5 times a power of ten, as the grid lines do', () => {
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(5)).toEqual([0, 2, 4, 6]);
    expect(countTicks(9)).toEqual([0, 5, 10]);
    expect(countTicks(41)).toEqual([0, 20, 40, 60]);
    expect(countTicks(250)).toEqual([0, 100, 200, 300]);
  });
});
