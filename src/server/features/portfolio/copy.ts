import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { PropertyCopyRequestWire, PropertyWire } from '../../../shared/generated/wire-types.js';
import type { Database, PhotosTable } from '../../db/tables.js';
import { fieldError, forbidden } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { sectionsOf, type SectionInfo } from '../facts/index.js';
import { checkQuota, tellQuota } from '../photos/index.js';
import { requireProperty, toPropertyWire } from '../properties/index.js';

type Doc = Record<string, unknown>;
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
): Promise<Map<number, { original: string; display: string; thumbnail: string }>> {
  const out = new Map<number, { original: string; display: string; thumbnail: string }>();
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

/** The chosen lists' rows under the new property (new ids; the id inside each row follows). Answers old room id → new. */
async function copyRows(
  trx: Kysely<Database>,
  sourceId: number,
  newId: number,
  kinds: readonly string[],
  userId: number,
  now: string,
): Promise<Map<number, number>> {
  const rooms = new Map<number, number>();
  if (!kinds.length) return rooms;
  const rows = await trx
    .selectFrom('fact_rows')
    .selectAll()
    .where('property_id', '=', sourceId)
    .where('kind', 'in', [...kinds])
    .orderBy('kind')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const inserted = await trx
      .insertInto('fact_rows')
      .values({
        property_id: newId,
        kind: r.kind,
        position: r.position,
        data: '{}',
        updated_at: now,
        updated_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: _i, hotel: _h, ...facts } = JSON.parse(r.data) as Doc;
    await trx
      .updateTable('fact_rows')
      .set({ data: JSON.stringify({ id: inserted.id, hotel: newId, ...facts }) })
      .where('id', '=', inserted.id)
      .execute();
    if (r.kind === 'room') rooms.set(r.id, inserted.id);
  }
  return rooms;
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
  const photos = body.photos
    ? await db.selectFrom('photos').selectAll().where('property_id', '=', source.id).orderBy('sequence').execute()
    : [];
  if (photos.length) await checkQuota(services, db, auth.accountId, photos.length);
  const now = services.clock.now().toISOString();
  const hotelName = body.hotel_name.trim();
  const written: string[] = [];
  try {
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('properties')
        .values({
          account_id: auth.accountId,
          hotel_name: hotelName,
          country: source.country,
          state: source.state,
          city: source.city,
          publish_date: null,
          logo_key: null,
          created_by: auth.user.id,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const newId = inserted.id;
      if (!auth.isOwner) {
        // As when a member adds a property: they may go on working on it.
        const perms = await trx
          .selectFrom('permissions')
          .select(['id', 'properties_allowed'])
          .where('user_id', '=', auth.user.id)
          .executeTakeFirstOrThrow();
        const allowed = [...new Set([...(JSON.parse(perms.properties_allowed) as number[]), newId])].sort(
          (a, b) => a - b,
        );
        await trx
          .updateTable('permissions')
          .set({ properties_allowed: JSON.stringify(allowed) })
          .where('id', '=', perms.id)
          .execute();
      }
      const docKeys = sections.filter((s) => s.kind === 'document').map((s) => s.key);
      const docs = docKeys.length
        ? await trx
            .selectFrom('fact_sections')
            .select(['section', 'data'])
            .where('property_id', '=', source.id)
            .where('section', 'in', docKeys)
            .execute()
        : [];
      for (const d of docs) {
        const { id: _i, hotel: _h, version: _v, ...facts } = JSON.parse(d.data) as Doc;
        await trx
          .insertInto('fact_sections')
          .values({
            property_id: newId,
            section: d.section,
            data: JSON.stringify({ id: newId, hotel: newId, version: 1, ...facts }),
            version: 1,
            updated_at: now,
            updated_by: auth.user.id,
          })
          .execute();
      }
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
        for (const p of photos) {
          const k = keys.get(p.id)!;
          await trx
            .insertInto('photos')
            .values({
              property_id: newId,
              account_id: auth.accountId,
              name: p.name,
              alt: p.alt,
              category: p.category,
              description: p.description,
              sequence: p.sequence,
              room_id: p.room_id === null ? null : (rooms.get(p.room_id) ?? null),
              featured: p.featured,
              format: p.format,
              original_key: k.original,
              display_key: k.display,
              thumbnail_key: k.thumbnail,
              width: p.width,
              height: p.height,
              bytes: p.bytes,
              uploaded_by: p.uploaded_by,
              uploaded_by_name: p.uploaded_by_name,
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
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
      return trx.selectFrom('properties').selectAll().where('id', '=', newId).executeTakeFirstOrThrow();
    });
    return toPropertyWire(row, photos.length);
  } catch (error) {
    await Promise.all(written.map((key) => services.storage.remove(key).catch(() => undefined)));
    throw error;
  }
}
