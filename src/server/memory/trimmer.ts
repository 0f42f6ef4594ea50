import type { MallocTrim } from './malloc-trim.js';

export interface Trimmer {
  /** A piece of native-heavy work (a printed document, a photo made) has ended. */
  afterWork(): void;
  /** The app stops: no trim is made after this. */
  close(): void;
}

export interface TrimmerOptions {
  /** malloc_trim, or undefined where the process has none (the trimmer then does nothing). */
  trim: MallocTrim | undefined;
  /** Trim after this many pieces of work in a row (0: only once idle). */
  every: number;
  /** Trim once no work has ended for this long. */
  idleMs: number;
}

/**
 * When to hand freed native memory back (malloc-trim.ts): after every `every` pieces of work, so a
 * long run of prints never holds more than that many documents' worth, and once the work stops
 * for `idleMs`, so a server that printed a few sheets gives their memory back before the next
 * caller comes. One trim takes about a millisecond on the main thread; none is made while
 * nothing was done since the last.
 */
export function createTrimmer({ trim, every, idleMs }: TrimmerOptions): Trimmer {
  if (!trim) return { afterWork() {}, close() {} };
  let since = 0;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    clearTimeout(timer);
    timer = undefined;
    since = 0;
    trim();
  };
  return {
    afterWork() {
      if (closed) return;
      since += 1;
      if (every > 0 && since >= every) return run();
      clearTimeout(timer);
      timer = setTimeout(run, idleMs);
      // An idle server's trim is no reason to keep the process alive.
      timer.unref();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
