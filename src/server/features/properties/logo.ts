import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { ApiError } from '../../plugins/errors.js';
import type { UploadedFile } from '../../routing/multipart.js';

const ACCEPTED = new Set(['png', 'jpeg', 'webp']);
/** A logo is small: refuse images whose pixel count could exhaust memory when decoded. */
const MAX_PIXELS = 40_000_000;

/**
 * Decode the upload by its content (never its name or declared type), refuse anything but PNG,
 * JPEG or WebP (the 400 names the form field that carried it), and re-encode it as a PNG of at
 * most 1024 px: metadata and any payload hidden in the original file are gone.
 */
export async function processLogo(file: UploadedFile): Promise<Buffer> {
  const refuse = (): ApiError =>
    new ApiError(400, { [file.field]: [`"${file.filename}" is not a PNG, JPEG or WebP image.`] });
  let format: string | undefined;
  try {
    format = (await sharp(file.data, { limitInputPixels: MAX_PIXELS }).metadata()).format;
  } catch {
    throw refuse();
  }
  if (!format || !ACCEPTED.has(format)) throw refuse();
  try {
    return await sharp(file.data, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw refuse();
  }
}

export function newLogoKey(propertyId: number): string {
  return `properties/${propertyId}/logo-${randomBytes(8).toString('hex')}.png`;
}
