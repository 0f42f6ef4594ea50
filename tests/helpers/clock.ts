import type { Clock } from '../../src/server/clock.js';

/** A clock tests move by hand. */
export class FakeClock implements Clock {
  #now: number;
  constructor(start = Date.parse('2026-11-21T09:00:00.000Z')) {
    this.#now = start;
  }
  now(): Date {
    return new Date(this.#now);
  }
  advance(ms: number): void {
    this.#now += ms;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
