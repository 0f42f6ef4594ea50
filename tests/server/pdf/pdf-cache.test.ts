/**
 * The PDF cache: a repeat of the same document (same key: what it is made of) is answered without
 * making it, concurrent requests of one document make it once, another key makes it again,
 * failures are not kept, and the byte bound holds (0 turns it off).
 */
import { describe, expect, it } from 'vitest';
import { createPdfCache } from '../../../src/server/pdf/pdf-cache.js';

/** A maker that answers the key as bytes (padded to `size`), counting what it made. */
function fakeMaker(size = 10, fail = false) {
  const made: string[] = [];
  const make = (key: string) => async () => {
    made.push(key);
    await new Promise((r) => setTimeout(r, 5));
    if (fail) throw new Error('printer down');
    return Buffer.from(key.padEnd(size, '.'));
  };
  return { make, made };
}

describe('the PDF cache', () => {
  it('makes a document once, and again for another key', async () => {
    const { make, made } = fakeMaker();
    const cache = createPdfCache(1_000);
    const a = await cache.get('sheet 1', make('sheet 1'));
    expect(await cache.get('sheet 1', make('sheet 1'))).toBe(a);
    expect(made).toEqual(['sheet 1']);
    await cache.get('sheet 2', make('sheet 2'));
    expect(made).toEqual(['sheet 1', 'sheet 2']);
  });

  it('makes once for concurrent requests of one document', async () => {
    const { make, made } = fakeMaker();
    const cache = createPdfCache(1_000);
    const all = await Promise.all(Array.from({ length: 5 }, () => cache.get('same', make('same'))));
    expect(made).toHaveLength(1);
    expect(new Set(all.map((b) => b.toString())).size).toBe(1);
  });

  it('keeps no failure', async () => {
    const down = fakeMaker(10, true);
    const cache = createPdfCache(1_000);
    await expect(cache.get('y', down.make('y'))).rejects.toThrow('printer down');
    await expect(cache.get('y', down.make('y'))).rejects.toThrow('printer down');
    expect(down.made).toHaveLength(2);
  });

  it('keeps at most its bytes, the least recently used going first; 0 turns it off', async () => {
    const { make, made } = fakeMaker(400);
    const cache = createPdfCache(1_000);
    for (const key of ['1', '2', '1', '3']) await cache.get(key, make(key));
    // 400 bytes each: three do not fit in 1,000; "2" was used least recently.
    expect(made).toEqual(['1', '2', '3']);
    await cache.get('1', make('1'));
    expect(made).toEqual(['1', '2', '3']);
    await cache.get('2', make('2'));
    expect(made).toEqual(['1', '2', '3', '2']);
    const off = fakeMaker();
    const none = createPdfCache(0);
    await none.get('z', off.make('z'));
    await none.get('z', off.make('z'));
    expect(off.made).toHaveLength(2);
  });
});
