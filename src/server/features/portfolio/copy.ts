import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { PropertyCopyRequestWire, PropertyWire } from '../../../shared/generated/wire-types.js';
import type { PhotosTable } from '../../db/tables.js';
import { fieldError, forbidden } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { allowProperty } from '../auth/index.js';
import { copyRows, copySections, sectionsOf, type SectionInfo } from '../facts/index.js';
import { checkQuota, insertPhotoCopies, listPhotos, tellQuota, type PhotoFileKeys } from '../photos/index.js';
import { existingProperty, insertProperty, requireProperty, toPropertyWire } from '../properties/index.js';

type PhotoRow = Selectable<PhotosTable>;

/** The sections a copy names, each one the bundle declares (400 otherwise), in editor order. */
function chosenSections(services: Services, keys: readonly string[]): SectionInfo[] {
  const all = sectionsOf(services.schemas);
  const unknown = keys.filter((k) => !all.some((s) => s.key === k));
  if (unknown.length) throw fieldError('sections', `There is no section ${unknown.map((k) => `"${k}"`).join(', ')}.`);
  return all.filter((s) => keys.includes(s.key));
}

/** The new property's own copies of the source's photo files (keys under its folder). */
async function copyPhotoFiles(
  services: Services,
  photos: readonly PhotoRow[],
  newId: number,
  written: string[],
): Promise<Map<number, PhotoFileKeys>> {
  const out = new Map<number, PhotoFileKeys>();
  for (const p of photos) {
    const stem = `properties/${newId}/photos/${randomBytes(12).toString('hex')}`;
    const keys = {
      original: `${stem}-original.${p.original_key.split('.').pop()}`,
      display: `${stem}-display.jpg`,
      thumbnail: `${stem}-thumbnail.jpg`,
    };
    for (const [from, to] of [
      [p.original_key, keys.original],
      [p.display_key, keys.display],
      [p.thumbnail_key, keys.thumbnail],
    ] as const) {
      const file = await services.storage.open(from);
      if (!file) throw new Error(`a photo file is missing (${from})`);
      written.push(to);
      await services.storage.write(to, file.stream);
    }
    out.set(p.id, keys);
  }
  return out;
}

/**
 * A new property from an existing one: same place, the name given, the chosen sections (each as
 * version 1 of the new property's own document) and lists copied; the gallery only when asked
 * (its files copied, never shared: deleting one property must not take the other's photos).
 * Never published: the new property's facts are work in progress until someone publishes them.
 * One transaction for the rows; files written before it are removed if it fails.
 */
export async function copyProperty(
  services: Services,
  auth: AuthContext,
  ip: string,
  sourceId: number,
  body: PropertyCopyRequestWire,
): Promise<PropertyWire> {
  const db = services.db.kysely;
  const source = await requireProperty(services, auth, sourceId);
  const sections = chosenSections(services, body.sections ?? []);
  if (sections.length && !auth.can('facts')) throw forbidden('You need the "facts" permission to copy facts.');
  if (body.photos && !auth.can('photos')) throw forbidden('You need the "photos" permission to copy photos.');
  const photos = body.photos ? await listPhotos(db, source.id) : [];
  if (photos.length) await checkQuota(services, db, auth.accountId, photos.length);
  const now = services.clock.now().toISOString();
  const hotelName = body.hotel_name.trim();
  const written: string[] = [];
  try {
    const row = await db.transaction().execute(async (trx) => {
      const newId = await insertProperty(
        trx,
        auth.accountId,
        { hotel_name: hotelName, country: source.country, state: source.state, city: source.city },
        auth.user.id,
        now,
      );
      // As when a member adds a property: they may go on working on it.
      if (!auth.isOwner) await allowProperty(trx, auth.user.id, newId);
      await copySections(
        trx,
        source.id,
        newId,
        sections.filter((s) => s.kind === 'document').map((s) => s.key),
        auth.user.id,
        now,
      );
      const rooms = await copyRows(
        trx,
        source.id,
        newId,
        sections.filter((s) => s.kind === 'list').map((s) => s.key),
        auth.user.id,
        now,
      );
      if (photos.length) {
        await checkQuota(services, trx, auth.accountId, photos.length, true);
        const keys = await copyPhotoFiles(services, photos, newId, written);
        await insertPhotoCopies(trx, photos, newId, auth.accountId, keys, rooms, now);
        await tellQuota(services, trx, auth.accountId);
      }
      const copied = [
        ...sections.map((s) => s.title),
        ...(photos.length ? [`${photos.length} photo${photos.length === 1 ? '' : 's'}`] : []),
      ];
      await recordAudit(
        services,
        actorOf(auth, ip),
        {
          kind: 'property',
          action: 'create',
          propertyId: newId,
          subject: 'property',
          subjectId: newId,
          summary: `Added property "${hotelName}" as a copy of "${source.hotel_name}"${copied.length ? ` (${copied.join(', ')})` : ''}`,
          changes: [{ field: 'copied_from', label: 'Copied from', from: null, to: source.id }],
        },
        trx,
      );
      return existingProperty(trx, newId);
    });
    return toPropertyWire(row, photos.length);
  } catch (error) {
    await Promise.all(written.map((key) => services.storage.remove(key).catch(() => undefined)));
    throw error;
  }
}
