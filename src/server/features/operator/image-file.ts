import { notFound } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import { VARIANTS, type Variant } from '../photos/index.js';

const contentTypeOf = (format: string): string => (format === 'jpeg' ? 'image/jpeg' : `image/${format}`);

/** The variant a path names, or 404. */
export function variantOf(name: string): Variant {
  const variant = name as Variant;
  if (!VARIANTS.includes(variant)) throw notFound();
  return variant;
}

/** One stored image file as a reply, privately cacheable; 404 when storage lacks it. */
export async function imageFile(
  services: Services,
  reply: { header(k: string, v: string): unknown },
  key: string,
  variant: Variant,
  format: string,
) {
  const file = await services.storage.open(key);
  if (!file) throw notFound();
  reply.header('cache-control', 'private, max-age=3600');
  reply.header('content-length', String(file.size));
  return {
    status: 200,
    file: file.stream,
    contentType: variant === 'original' ? contentTypeOf(format) : 'image/jpeg',
  } as const;
}
