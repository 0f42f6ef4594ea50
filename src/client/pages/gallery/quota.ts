/** The photo quota in words, and the checks made before a file is sent. */
import type { Translate } from '../../i18n';

export interface ImageCount {
  images: number;
  /** null: premium, unlimited. */
  limit: number | null;
}

/** "12 of 25 photos" on the free plan; "12 photos (Premium: unlimited)" otherwise. */
export function quotaText({ images, limit }: ImageCount, t: Translate): string {
  return limit === null
    ? t('gallery.quota_unlimited', { count: images })
    : t('gallery.quota_of', { images, count: limit });
}

/** Photos that may still be added (null: no limit). */
export function photosLeft({ images, limit }: ImageCount): number | null {
  return limit === null ? null : Math.max(0, limit - images);
}

/** A line under the count: how many may still be added, or that the plan is full. */
export function quotaHint(count: ImageCount, t: Translate): string | undefined {
  const left = photosLeft(count);
  if (left === null) return undefined;
  if (left === 0) return t('gallery.quota_full');
  return t('gallery.quota_left', { count: left });
}

/** Share of the quota used, 0..100 (0 when unlimited). */
export function quotaPercent({ images, limit }: ImageCount): number {
  if (!limit) return 0;
  return Math.min(100, Math.round((images / limit) * 100));
}

/** The server's limit per file (schemas/routes.json galleryUpload maxFileBytes): 20 MB. */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;

/** Refuse before sending what the server would refuse anyway by size (its own words). */
export function fileProblem(file: { name: string; size: number }, t: Translate): string | null {
  // The file name is isolated (first-strong isolate) so it reads as typed inside a Persian sentence.
  const name = `\u2068${file.name}\u2069`;
  if (file.size > MAX_PHOTO_BYTES) return t('gallery.file_too_large', { name });
  if (file.size === 0) return t('gallery.file_empty', { name });
  return null;
}
