import type { Services } from '../../services.js';
import { propertyLogoKeys } from '../properties/index.js';

/**
 * Files the server wrote whose row never committed: an upload writes a photo's files before the
 * transaction that adds its row (so a failed decode never leaves a row without files), and a
 * process killed in between leaves the files behind; a logo the same. Removed here: at start and
 * then every hour, only files older than `graceMs` (an upload in flight on another server of the
 * same database has its files younger than that) and only names the server makes itself.
 */
const PHOTO_FILE = /^properties\/\d+\/photos\/[0-9a-f]+-(original|display|thumbnail)\.[a-z]+$/;
const LOGO_FILE = /^properties\/\d+\/logo-[0-9a-f]+\.png$/;
/** A tour operator's own photo of the property (features/operator/own-photos.ts). */
const PARTNER_PHOTO_FILE = /^properties\/\d+\/partner-photos\/\d+\/[0-9a-f]+-(original|display|thumbnail)\.[a-z]+$/;

export const ORPHAN_GRACE_MS = 15 * 60_000;
export const SWEEP_EVERY_MS = 60 * 60_000;

export async function sweepOrphanFiles(services: Services, graceMs = ORPHAN_GRACE_MS): Promise<string[]> {
  const db = services.db.kysely;
  const { storage } = services;
  // Files first, rows second: a row committed after the listing only makes us keep more.
  const cutoff = Date.now() - graceMs; // file times are the real clock's, not the app clock's
  const candidates = (await storage.list('properties/')).filter(
    (f) =>
      (PHOTO_FILE.test(f.key) || LOGO_FILE.test(f.key) || PARTNER_PHOTO_FILE.test(f.key)) &&
      f.modifiedAt.getTime() <= cutoff,
  );
  if (!candidates.length) return [];
  const [photos, partnerPhotos, properties, companies] = await Promise.all([
    db.selectFrom('photos').select(['original_key', 'display_key', 'thumbnail_key']).execute(),
    db.selectFrom('operator_photos').select(['original_key', 'display_key', 'thumbnail_key']).execute(),
    propertyLogoKeys(db),
    db.selectFrom('companies').select('logo_key').where('logo_key', 'is not', null).execute(),
  ]);
  const used = new Set<string>();
  for (const p of [...photos, ...partnerPhotos])
    for (const k of [p.original_key, p.display_key, p.thumbnail_key]) used.add(k);
  for (const key of properties) used.add(key);
  for (const r of companies) if (r.logo_key) used.add(r.logo_key);
  const orphans = candidates.map((f) => f.key).filter((k) => !used.has(k));
  for (const key of orphans) await storage.remove(key);
  if (orphans.length) services.log.info({ files: orphans.length }, 'removed files whose rows were never saved');
  return orphans;
}
