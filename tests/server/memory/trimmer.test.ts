/**
 * Freed native memory handed back (src/server/memory): glibc's malloc_trim through koffi really
 * gives back the free pages in the middle of malloc's heap, which glibc keeps by itself; the
 * trimmer calls it after every `every` documents and once the work has stopped for `idleMs`,
 * never while nothing was done; the printer counts each document it finishes, and the photos'
 * machinery each photo it makes, whether it succeeded or failed.
 */
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mallocTrim } from '../../../src/server/memory/malloc-trim.js';
import { createTrimmer } from '../../../src/server/memory/trimmer.js';
import { createPrinter, PrintError } from '../../../src/server/pdf/printer.js';
import { reportNativeWorkTo } from '../../../src/server/memory/native-work.js';
import { inspectPhoto, processPhoto } from '../../../src/server/features/photos/images.js';
import { jpeg } from '../../helpers/fixtures/uploaded-photos.js';

const rssMb = () => process.memoryUsage().rss / 1_048_576;

describe('malloc_trim', () => {
  it('gives back the free pages in the middle of the heap, which free() leaves to the process', () => {
    // C's own malloc and free through the same binding: blocks of 64 KB (under glibc's mmap
    // threshold, so they come from the heap), written to, then all freed but the last, which
    // keeps glibc from handing the free space back as the top of its heap.
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    const libc = koffi.load('libc.so.6');
    const malloc = libc.func('void *malloc(size_t size)') as (n: number) => unknown;
    const free = libc.func('void free(void *p)') as (p: unknown) => void;
    const memset = libc.func('void *memset(void *p, int c, size_t n)') as (p: unknown, c: number, n: number) => unknown;
    const BLOCK = 64 * 1024;
    const blocks = Array.from({ length: 2_000 }, () => {
      const p = malloc(BLOCK);
      memset(p, 1, BLOCK);
      return p;
    });
    const pin = blocks.pop();
    for (const p of blocks) free(p);
    const kept = rssMb();
    mallocTrim()!();
    const trimmed = rssMb();
    free(pin);
    // 125 MB were freed; free() gave back little of it, the trim most.
    expect(kept - trimmed).toBeGreaterThan(80);
  });
});

describe('the trimmer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('trims after every `every` documents, and once the work has stopped for `idleMs`', () => {
    vi.useFakeTimers();
    const trim = vi.fn();
    const trimmer = createTrimmer({ trim, every: 3, idleMs: 1_000 });
    vi.advanceTimersByTime(5_000);
    expect(trim).not.toHaveBeenCalled(); // nothing done: nothing to give back

    trimmer.afterWork();
    trimmer.afterWork();
    vi.advanceTimersByTime(999);
    expect(trim).not.toHaveBeenCalled();
    trimmer.afterWork(); // the third in a row
    expect(trim).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(trim).toHaveBeenCalledTimes(1); // and no idle trim after it: nothing since

    trimmer.afterWork();
    vi.advanceTimersByTime(600);
    trimmer.afterWork(); // the idle wait starts again
    vi.advanceTimersByTime(600);
    expect(trim).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(400);
    expect(trim).toHaveBeenCalledTimes(2);

    trimmer.afterWork();
    trimmer.close(); // the app stopped: no trim after, whatever work still ends
    vi.advanceTimersByTime(5_000);
    for (let i = 0; i < 5; i++) trimmer.afterWork();
    vi.advanceTimersByTime(5_000);
    expect(trim).toHaveBeenCalledTimes(2);
  });

  it('with `every` 0 trims only once idle; without malloc_trim does nothing', () => {
    vi.useFakeTimers();
    const trim = vi.fn();
    const idleOnly = createTrimmer({ trim, every: 0, idleMs: 100 });
    for (let i = 0; i < 50; i++) idleOnly.afterWork();
    expect(trim).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(trim).toHaveBeenCalledTimes(1);

    const none = createTrimmer({ trim: undefined, every: 1, idleMs: 100 });
    none.afterWork();
    vi.advanceTimersByTime(100);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is told of each document the printer finishes, printed or refused by the compiler', async () => {
    const trimmer = { afterWork: vi.fn(), close: vi.fn() };
    reportNativeWorkTo(trimmer);
    const printer = createPrinter({ log: Fastify({ logger: false }).log });
    try {
      const pdf = await printer.print({ template: 'empty', data: {} });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(trimmer.afterWork).toHaveBeenCalledTimes(1);
      await expect(printer.print({ template: 'no-such-template' as 'empty', data: {} })).rejects.toBeInstanceOf(
        PrintError,
      );
      expect(trimmer.afterWork).toHaveBeenCalledTimes(2);
    } finally {
      await printer.close();
    }
  });

  it('is told of each photo made, made or refused', async () => {
    const trimmer = { afterWork: vi.fn(), close: vi.fn() };
    reportNativeWorkTo(trimmer);
    const photo = await jpeg(800, 600);
    const file = (data: Buffer) => ({ field: 'imagesArray', filename: 'pool.jpg', mimetype: 'image/jpeg', data });
    const made = await processPhoto(await inspectPhoto(file(photo)));
    expect(made.display.length).toBeGreaterThan(0);
    expect(trimmer.afterWork).toHaveBeenCalledTimes(1);
    // Cut short: the header reads, the pixels do not decode.
    const broken = photo.subarray(0, 2_000);
    await expect(processPhoto(await inspectPhoto(file(broken)))).rejects.toMatchObject({ status: 400 });
    expect(trimmer.afterWork).toHaveBeenCalledTimes(2);
  });
});
