import sharp, { type Metadata, type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
import { ApiError } from '../../plugins/errors.js';
import type { UploadedFile } from '../../routing/multipart.js';
import { nativeWorkDone } from '../../memory/native-work.js';

/** Refuse images whose pixel count could exhaust memory when decoded (decompression bombs). */
export const MAX_PHOTO_PIXELS = 50_000_000;
/** Longest side of the display and thumbnail JPEGs. */
export const DISPLAY_PX = 1600;
export const THUMBNAIL_PX = 400;
/**
 * Photos decoded at once, server-wide: each full-size decode holds tens of megabytes, so
 * concurrent uploads queue here instead of multiplying the server's memory.
 */
export const PARALLEL_PHOTOS = 2;

// Every upload is a new image: libvips' operation cache would only hold on to memory.
sharp.cache(false);

/** Accepted formats (as sharp reads them from the content) and how their originals are stored. */
const FORMATS = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  webp: { ext: 'webp', contentType: 'image/webp' },
  gif: { ext: 'gif', contentType: 'image/gif' },
} as const;
export type PhotoFormat = keyof typeof FORMATS;

export const extensionOf = (format: string): string => FORMATS[format as PhotoFormat]?.ext ?? 'bin';
export const contentTypeOf = (format: string): string =>
  FORMATS[format as PhotoFormat]?.contentType ?? 'application/octet-stream';

export interface ProcessedPhoto {
  format: PhotoFormat;
  width: number;
  height: number;
  original: Buffer;
  display: Buffer;
  thumbnail: Buffer;
}

/** The file name without folders (either slash) and extension: the photo's default name. */
export function nameFromFile(filename: string): string | null {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const name = base
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 200);
  return name || null;
}

/** How a file is named in messages: as sent, without folders. */
const label = (file: UploadedFile): string => `"${(file.filename.split(/[\\/]/).pop() ?? '').replace(/"/g, '')}"`;

const refuse = (file: UploadedFile, message: string): ApiError =>
  new ApiError(400, { imagesArray: [`${label(file)} ${message}`] });
const notAnImage = (file: UploadedFile): ApiError => refuse(file, 'is not a JPEG, PNG, WebP or GIF image.');

export interface InspectedPhoto {
  file: UploadedFile;
  format: PhotoFormat;
  animated: boolean;
}

/**
 * Judge an upload by its content (never its name or declared type) from its header alone:
 * JPEG, PNG, WebP or GIF, and at most MAX_PHOTO_PIXELS pixels. Throws a 400 naming the file.
 */
export async function inspectPhoto(file: UploadedFile): Promise<InspectedPhoto> {
  let meta: Metadata;
  try {
    // The header only: nothing is decoded yet.
    meta = await sharp(file.data, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage(file);
  }
  const format = meta.format as PhotoFormat | undefined;
  if (!format || !(format in FORMATS) || !meta.width || !meta.height) throw notAnImage(file);
  const frames = format === 'gif' ? (meta.pages ?? 1) : 1;
  const height = frames > 1 ? (meta.pageHeight ?? meta.height) : meta.height;
  if (meta.width * height * frames > MAX_PHOTO_PIXELS) {
    throw refuse(
      file,
      `is too large: ${meta.width} × ${height} pixels${frames > 1 ? ` × ${frames} frames` : ''}; the limit is ${MAX_PHOTO_PIXELS / 1_000_000} megapixels.`,
    );
  }
  return { file, format, animated: frames > 1 };
}

/**
 * Make a photo's three files: the original re-encoded in its own format, a display JPEG (at most
 * 1600 px) and a thumbnail JPEG (at most 400 px). Everything is auto-rotated and re-encoded
 * without metadata, so EXIF (location included) and anything hidden in the file are gone.
 * Decoding stays bounded by MAX_PHOTO_PIXELS, and at most PARALLEL_PHOTOS photos are made at
 * once. Throws a 400 naming the file.
 */
export async function processPhoto(photo: InspectedPhoto): Promise<ProcessedPhoto> {
  await slot.acquire();
  try {
    return await makeFiles(photo);
  } finally {
    slot.release();
    // libvips freed the decoded pixels: malloc keeps them unless told (memory/malloc-trim.ts).
    nativeWorkDone();
  }
}

/** A counting semaphore: at most `size` holders, the others wait in order. */
function semaphore(size: number): { acquire(): Promise<void>; release(): void } {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    acquire: () => {
      if (free > 0) {
        free--;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    release: () => {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}
const slot = semaphore(PARALLEL_PHOTOS);

async function makeFiles({ file, format, animated }: InspectedPhoto): Promise<ProcessedPhoto> {
  const input = (options: SharpOptions = {}): Sharp =>
    sharp(file.data, { limitInputPixels: MAX_PHOTO_PIXELS, ...options });
  try {
    // An animated GIF keeps its frames (GIF carries no orientation); the other sizes show the first.
    const original = await encodeOriginal(format, animated ? input({ animated: true }) : input().autoOrient());
    const display = await input()
      .autoOrient()
      .resize(DISPLAY_PX, DISPLAY_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer();
    // From the display image: far less to decode than the original.
    const thumbnail = await sharp(display)
      .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
    const height = animated ? (original.info.pageHeight ?? original.info.height) : original.info.height;
    return { format, width: original.info.width, height, original: original.data, display, thumbnail };
  } catch {
    // Truncated or corrupt data that the header did not reveal.
    throw notAnImage(file);
  }
}

function encodeOriginal(format: PhotoFormat, pipeline: Sharp): Promise<{ data: Buffer; info: OutputInfo }> {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 90 }).toBuffer({ resolveWithObject: true });
    case 'png':
      return pipeline.png().toBuffer({ resolveWithObject: true });
    case 'webp':
      return pipeline.webp({ quality: 90 }).toBuffer({ resolveWithObject: true });
    case 'gif':
      return pipeline.gif().toBuffer({ resolveWithObject: true });
  }
}
