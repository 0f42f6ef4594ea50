import sharp from 'sharp';

/**
 * Perceptual hashes of photos (issue 40 §4): a photo that looks like one already in the gallery
 * (the same picture re-encoded, resized, lightly recoloured) is flagged at upload with the other.
 *
 * The hash is a double dHash: the image in grey at 9 x 8 and 8 x 9 pixels, one bit per pair of
 * neighbours (is the left one brighter; is the upper one brighter), 64 bits across and 64 down,
 * written as 32 hex digits. Re-encoding and resizing barely move those 128 gradients; another
 * framing of the same room moves most of them. Figures and the threshold's choice:
 * tests/server/photos/photo-similar.test.ts (a labelled set generated with sharp).
 */
export const HASH_HEX = 32;

/** Hashes at most this many bits apart are the same picture (of 128). */
export const SIMILAR_BITS = 16;

async function bits(image: Buffer, width: number, height: number): Promise<Uint8Array> {
  const { data } = await sharp(image)
    .greyscale()
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data;
}

/** The double dHash of an image (any format sharp reads), as 32 hex digits. */
export async function photoHash(image: Buffer): Promise<string> {
  const across = await bits(image, 9, 8);
  const down = await bits(image, 8, 9);
  let out = 0n;
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) out = (out << 1n) | (across[y * 9 + x]! > across[y * 9 + x + 1]! ? 1n : 0n);
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) out = (out << 1n) | (down[y * 8 + x]! > down[(y + 1) * 8 + x]! ? 1n : 0n);
  return out.toString(16).padStart(HASH_HEX, '0');
}

/** How many bits two hashes differ in (0 to 128). */
export function hashDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/** The nearest of `others` within SIMILAR_BITS of `hash` (the lower id on a tie), else null. */
export function mostSimilar(
  hash: string,
  others: readonly { id: number; hash: string | null }[],
): { id: number; distance: number } | null {
  let best: { id: number; distance: number } | null = null;
  for (const o of others) {
    if (!o.hash) continue;
    const distance = hashDistance(hash, o.hash);
    if (distance <= SIMILAR_BITS && (!best || distance < best.distance)) best = { id: o.id, distance };
  }
  return best;
}
