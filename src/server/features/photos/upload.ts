import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { PhotoUploadWire } from '../../../shared/generated/wire-types.js';
import { ApiError } from '../../plugins/errors.js';
import { outageOf } from '../../plugins/outage.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { UploadedFile } from '../../routing/multipart.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { inspectPhoto, nameFromFile } from './images.js';
import { tellQuota } from './quota-news.js';
import { checkQuota, checkRoom, text, type PhotoRow, type Variant } from './store.js';
import { displayName } from '../auth/index.js';
import { mostSimilar, photoHash } from './similar.js';
import { storeVariants } from './stored-variants.js';

/** The multipart field of spec 001 §7 that carries the files. */
const FILE_FIELD = 'imagesArray';

function photoFiles(files: UploadedFile[]): UploadedFile[] {
  const stray = files.find((f) => f.field !== FILE_FIELD);
  if (stray) throw new ApiError(400, { [stray.field]: [`Send the photos in the field ${FILE_FIELD}.`] });
  if (!files.length) throw new ApiError(400, { [FILE_FIELD]: ['Choose at least one photo.'] });
  return files;
}

interface MadePhoto {
  filename: string;
  format: string;
  width: number;
  height: number;
  bytes: number;
  /** Perceptual hash (similar.ts), of the display image: the picture as people see it. */
  hash: string;
  keys: Record<Variant, string>;
}

/** Processes one photo and stores its files (each key pushed on `stored` before it is written). */
async function storePhoto(
  services: Services,
  propertyId: number,
  photo: Awaited<ReturnType<typeof inspectPhoto>>,
  stored: string[],
): Promise<MadePhoto> {
  const stem = `properties/${propertyId}/photos/${randomBytes(12).toString('hex')}`;
  const { processed: p, keys } = await storeVariants(services, photo, stem, stored);
  return {
    filename: photo.file.filename,
    format: p.format,
    width: p.width,
    height: p.height,
    bytes: p.original.length,
    hash: await photoHash(p.display),
    keys,
  };
}

/** Adds the rows after the gallery's last, each marked against the most similar photo before it; their ids. */
async function insertPhotos(
  services: Services,
  trx: Kysely<Database>,
  auth: AuthContext,
  propertyId: number,
  body: PhotoUploadWire,
  made: readonly MadePhoto[],
): Promise<number[]> {
  const uploader = await displayName(trx, auth.user.id);
  const last = await trx
    .selectFrom('photos')
    .select((eb) => eb.fn.max('sequence').as('last'))
    .where('property_id', '=', propertyId)
    .executeTakeFirst();
  let sequence = Number(last?.last ?? 0);
  const at = services.clock.now().toISOString();
  const ids: number[] = [];
  // What each new photo may look like: the gallery's photos, then those added before it here.
  const known = (
    await trx.selectFrom('photos').select(['id', 'phash']).where('property_id', '=', propertyId).execute()
  ).map((r) => ({ id: r.id, hash: r.phash }));
  for (const m of made) {
    const name = text(body.name) ?? nameFromFile(m.filename);
    const inserted = await trx
      .insertInto('photos')
      .values({
        property_id: propertyId,
        account_id: auth.accountId,
        name,
        alt: text(body.alt) ?? name,
        category: body.category ?? null,
        description: text(body.description),
        sequence: ++sequence,
        room_id: body.room ?? null,
        format: m.format,
        original_key: m.keys.original,
        display_key: m.keys.display,
        thumbnail_key: m.keys.thumbnail,
        width: m.width,
        height: m.height,
        bytes: m.bytes,
        phash: m.hash,
        similar_to: mostSimilar(m.hash, known)?.id ?? null,
        uploaded_by: auth.user.id,
        uploaded_by_name: uploader,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(inserted.id);
    known.push({ id: inserted.id, hash: m.hash });
  }
  return ids;
}

/** The upload in the audit trail, one change per photo; the account hears how near its quota it is. */
async function recordUpload(
  services: Services,
  trx: Kysely<Database>,
  auth: AuthContext,
  ip: string,
  propertyId: number,
  ids: readonly number[],
): Promise<PhotoRow[]> {
  const saved = await trx.selectFrom('photos').selectAll().where('id', 'in', ids).orderBy('sequence').execute();
  await recordAudit(
    services,
    actorOf(auth, ip),
    {
      kind: 'photos',
      action: 'upload',
      propertyId,
      subject: 'photo',
      subjectId: ids.length === 1 ? ids[0] : undefined,
      summary: `Uploaded ${ids.length} photo${ids.length === 1 ? '' : 's'}`,
      changes: saved.map((r) => ({ field: String(r.id), label: `Photo ${r.id}`, from: null, to: r.name })),
    },
    trx,
  );
  await tellQuota(services, trx, auth.accountId);
  return saved;
}

/**
 * Store an upload of one or several photos, all or nothing: every file is judged before any is
 * decoded, files are written under server-made keys one photo at a time, and the rows are added
 * in one transaction that checks the quota again under lock. If anything fails, the files
 * written so far are removed and the error (a 400 naming the file) goes to the caller.
 */
export async function uploadPhotos(
  services: Services,
  auth: AuthContext,
  ip: string,
  propertyId: number,
  files: UploadedFile[],
  body: PhotoUploadWire,
): Promise<PhotoRow[]> {
  const db = services.db.kysely;
  photoFiles(files);
  // Cheap refusals first: the room, the quota, then every file's header, before any decoding.
  await checkRoom(db, propertyId, body.room);
  await checkQuota(services, db, auth.accountId, files.length);
  const inspected = [];
  for (const file of files) inspected.push(await inspectPhoto(file));

  const stored: string[] = [];
  try {
    const made: MadePhoto[] = [];
    // One photo at a time: memory stays bounded by one decoded image.
    for (const photo of inspected) made.push(await storePhoto(services, propertyId, photo, stored));
    return await db.transaction().execute(async (trx) => {
      // Again under lock: concurrent uploads must not pass the limit together.
      await checkQuota(services, trx, auth.accountId, made.length, true);
      await checkRoom(trx, propertyId, body.room);
      const ids = await insertPhotos(services, trx, auth, propertyId, body, made);
      return recordUpload(services, trx, auth, ip, propertyId, ids);
    });
  } catch (error) {
    // All or nothing: no file of a refused upload stays behind. With the store itself away the
    // removal could only wait for it again (and keep the caller waiting twice as long): what it
    // holds of this upload, if anything, is left to the hourly sweep of files without rows.
    if (outageOf(error)?.dependency !== 'storage')
      await Promise.all(stored.map((key) => services.storage.remove(key).catch(() => undefined)));
    throw error;
  }
}
