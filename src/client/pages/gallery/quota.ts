/** The photo quota in words, and the checks made before a file is sent. */

export interface ImageCount {
  images: number;
  /** null: premium, unlimited. */
  limit: number | null;
}

/** "12 of 25 photos" on the free plan; "12 photos (Premium: unlimited)" otherwise. */
export function quotaText({ images, limit }: ImageCount): string {
  const photos = `${images} ${images === 1 ? 'photo' : 'photos'}`;
  return limit === null ? `${photos} (Premium: unlimited)` : `${images} of ${limit} photos`;
}

/** Photos that may still be added (null: no limit). */
export function photosLeft({ images, limit }: ImageCount): number | null {
  return limit === null ? null : Math.max(0, limit - images);
}

/** A line under the count: how many may still be added, or that the plan is full. */
export function quotaHint(count: ImageCount): string | undefined {
  const left = photosLeft(count);
  if (left === null) return undefined;
  if (left === 0) return 'The free plan is full: delete photos or upgrade to Premium to add more.';
  return `${left} more ${left === 1 ? 'photo' : 'photos'} may be added on the free plan.`;
}

/** Share of the quota used, 0..100 (0 when unlimited). */
export function quotaPercent({ images, limit }: ImageCount): number {
  if (!limit) return 0;
  return Math.min(100, Math.round((images / limit) * 100));
}

/** The server's limit per file (schemas/routes.json galleryUpload maxFileBytes): 20 MB. */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;

/** Refuse before sending what the server would refuse anyway by size (its own words). */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (file.size > MAX_PHOTO_BYTES) return `"${file.name}" is larger than 20 MB.`;
  if (file.size === 0) return `"${file.name}" is empty.`;
  return null;
}
