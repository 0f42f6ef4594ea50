/**
 * The print-size images (print-images.ts): made once per storage key and kept, a new key (a
 * changed photo) read and printed anew, the cache bounded in bytes (PRINT_IMAGE_CACHE_MB), and
 * `0` keeping nothing; a featured-size JPEG scaled down to print size, a small one as stored.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createPrintImages } from '../../../src/server/pdf/print-images.js';

const jpeg = (width: number, colour: string) =>
  sharp({ create: { width, height: Math.round(width * 0.75), channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** A storage of keys to files that counts its reads. */
function storage(files: Record<string, Buffer>) {
  const reads: string[] = [];
  const read = (key: string) => async () => {
    reads.push(key);
    return files[key];
  };
  return { reads, read };
}

describe('print images', () => {
  it('reads a stored file once and prints a changed photo (a new key) anew', async () => {
    const old = await jpeg(300, 'red');
    const changed = await jpeg(300, 'blue');
    const { reads, read } = storage({ 'photos/1-a.jpg': old, 'photos/1-b.jpg': changed });
    const images = createPrintImages(1_048_576);
    expect(await images.get('photos/1-a.jpg', 'photo-1-display.jpg', read('photos/1-a.jpg'))).toEqual(old);
    expect(await images.get('photos/1-a.jpg', 'photo-1-display.jpg', read('photos/1-a.jpg'))).toEqual(old);
    expect(reads).toEqual(['photos/1-a.jpg']);
    const printed = await images.get('photos/1-b.jpg', 'photo-1-display.jpg', read('photos/1-b.jpg'));
    expect(printed).toEqual(changed);
    const { dominant } = await sharp(printed).stats();
    expect(dominant.b).toBeGreaterThan(dominant.r);
    expect(reads).toEqual(['photos/1-a.jpg', 'photos/1-b.jpg']);
  });

  it('keeps no more bytes than it is given, least recently used out first', async () => {
    const files = Object.fromEntries(
      await Promise.all(['a', 'b', 'c'].map(async (k) => [k, Buffer.alloc(400, k)] as const)),
    );
    const { reads, read } = storage(files);
    const images = createPrintImages(1_000);
    for (const k of ['a', 'b', 'c']) await images.get(k, `logo-${k}.png`, read(k));
    // 1,200 bytes in a 1,000-byte cache: the first is gone, the last two kept.
    await images.get('c', 'logo-c.png', read('c'));
    await images.get('b', 'logo-b.png', read('b'));
    await images.get('a', 'logo-a.png', read('a'));
    expect(reads).toEqual(['a', 'b', 'c', 'a']);
  });

  it('keeps nothing when given no room, and answers a file gone from storage with nothing', async () => {
    const { reads, read } = storage({ a: Buffer.from('png') });
    const images = createPrintImages(0);
    await images.get('a', 'logo-a.png', read('a'));
    await images.get('a', 'logo-a.png', read('a'));
    expect(reads).toEqual(['a', 'a']);
    expect(await images.get('gone', 'logo-gone.png', read('gone'))).toBeUndefined();
  });

  it('scales a JPEG larger than print needs down to print size, and leaves a small one as stored', async () => {
    const large = await jpeg(1_600, 'green');
    const small = await jpeg(400, 'green');
    const images = createPrintImages(16 * 1_048_576);
    const printed = await images.get('large', 'photo-2-display.jpg', async () => large);
    const { width, format } = await sharp(printed).metadata();
    expect(format).toBe('jpeg');
    expect(width).toBe(1_400);
    expect(await images.get('small', 'photo-3-thumbnail.jpg', async () => small)).toBe(small);
  });
});
