import { LRUCache } from 'lru-cache';
import sharp from 'sharp';

/**
 * The images of printed documents, made once per stored file and kept: a stored file never
 * changes (a new upload gets a new storage key), so the same key always gives the same image.
 * A JPEG larger than print needs is scaled down first (the featured photo: a 1600 px display file
 * shown 18 cm wide, where 1400 px is 190 dpi), which the compiler then decodes and embeds at a
 * fraction of the cost; others are kept as they are. Bounded in bytes (PRINT_IMAGE_CACHE_MB),
 * least recently used out first; per process. Without it every print read each file from storage
 * again and scaled the featured photo again.
 */
export interface PrintImages {
  /** The file at `key` as printed: kept, else `read` (undefined: gone from storage) and prepared. */
  get(key: string, name: string, read: () => Promise<Buffer | undefined>): Promise<Buffer | undefined>;
}

const PRINT_PX = 1400;

export function createPrintImages(maxBytes: number): PrintImages {
  const kept =
    maxBytes > 0
      ? new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (b) => Math.max(1, b.length) })
      : undefined;
  return {
    async get(key, name, read) {
      const cached = kept?.get(key);
      if (cached) return cached;
      const body = await read();
      if (!body) return undefined;
      const prepared = name.endsWith('.jpg') ? await scaled(body) : body;
      // One larger than the whole cache is not kept (lru-cache refuses it anyway).
      if (prepared.length <= maxBytes) kept?.set(key, prepared);
      return prepared;
    },
  };
}

/** A JPEG no larger than print needs; one already small enough (or not a JPEG after all) as it came. */
async function scaled(body: Buffer): Promise<Buffer> {
  try {
    const image = sharp(body);
    const { width = 0, height = 0, format } = await image.metadata();
    if (format !== 'jpeg' || Math.max(width, height) <= PRINT_PX) return body;
    return await image.resize(PRINT_PX, PRINT_PX, { fit: 'inside' }).jpeg({ quality: 85, mozjpeg: false }).toBuffer();
  } catch {
    // Not an image sharp reads: printed as stored (the compiler says what it makes of it).
    return body;
  }
}
