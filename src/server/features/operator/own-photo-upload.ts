import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { OwnPhotoUploadWire } from '../../../shared/generated/wire-types.js';
import type { Database, OperatorPhotosTable } from '../../db/tables.js';
import { ApiError, forbidden } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { UploadedFile } from '../../routing/multipart.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { tell } from '../notifications/index.js';
import { operatorMay, type ContractAccess, companyName } from '../partners/index.js';
import { inspectPhoto, nameFromFile, storeVariants } from '../photos/index.js';
import { refusalReasons } from './refusals.js';
import { hotelName } from '../properties/index.js';
import { outageOf } from '../../plugins/outage.js';
import { partnerName } from './tell.js';
import { t } from '../../i18n/index.js';
import type { OwnPhotoRow } from './own-photos.js';

/** An operator's upload of its own photos: checked, its files stored, recorded all or nothing, the hotel told. */

const FILE_FIELD = 'imagesArray';
type OwnPhotoStatus = 'approved' | 'pending';
type Inspected = Awaited<ReturnType<typeof inspectPhoto>>;

/** Y stores approved, O waiting for the hotel; 403 when the contract says N, 400 for a stray or missing file. */
async function uploadStatus(
  services: Services,
  access: ContractAccess,
  files: UploadedFile[],
): Promise<OwnPhotoStatus> {
  const may = operatorMay(access.terms, 'add_own_photos');
  if (may === 'no')
    throw forbidden(
      refusalReasons(access.terms, await companyName(services.db.kysely, access.hotelAccountId)).add_own_photos!,
    );
  const stray = files.find((f) => f.field !== FILE_FIELD);
  if (stray) throw new ApiError(400, { [stray.field]: [`Send the photos in the field ${FILE_FIELD}.`] });
  if (!files.length) throw new ApiError(400, { [FILE_FIELD]: ['Choose at least one photo.'] });
  return may === 'yes' ? 'approved' : 'pending';
}

/** Processes and stores one photo's files (their keys pushed on `stored` as they are written); its row to insert. */
async function storeOwnPhoto(
  services: Services,
  auth: AuthContext,
  access: ContractAccess,
  photo: Inspected,
  meta: { name: string | undefined; status: OwnPhotoStatus; now: string },
  stored: string[],
): Promise<Insertable<OperatorPhotosTable>> {
  const stem = `properties/${access.propertyId}/partner-photos/${access.operatorAccountId}/${randomBytes(12).toString('hex')}`;
  const { processed: p, keys } = await storeVariants(services, photo, stem, stored);
  const { status, now } = meta;
  return {
    operator_account_id: access.operatorAccountId,
    property_id: access.propertyId,
    name: meta.name?.trim() || nameFromFile(photo.file.filename),
    format: p.format,
    original_key: keys.original,
    display_key: keys.display,
    thumbnail_key: keys.thumbnail,
    width: p.width,
    height: p.height,
    bytes: p.original.length,
    status,
    uploaded_by: auth.user.id,
    created_at: now,
    decided_by: null,
    decided_at: status === 'approved' ? now : null,
    decision_comment: null,
  };
}

/** Inserts the rows, audited; a hotel asked to approve them is told. */
async function recordOwnPhotos(
  services: Services,
  auth: AuthContext,
  ip: string,
  access: ContractAccess,
  rows: Insertable<OperatorPhotosTable>[],
  status: OwnPhotoStatus,
): Promise<OwnPhotoRow[]> {
  return services.db.kysely.transaction().execute(async (trx) => {
    const out = await trx.insertInto('operator_photos').values(rows).returningAll().execute();
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'overrides',
        action: 'upload',
        subject: 'property',
        subjectId: access.propertyId,
        summary: `Added ${out.length} photo(s) of its own to property ${access.propertyId}${status === 'pending' ? ", waiting for the hotel's approval" : ''}`,
      },
      trx,
    );
    if (status === 'pending') await tellHotelOfPending(services, trx, auth, access, out.length);
    return out;
  });
}

async function tellHotelOfPending(
  services: Services,
  trx: Kysely<Database>,
  auth: AuthContext,
  access: ContractAccess,
  count: number,
): Promise<void> {
  const company = await partnerName(trx, access.operatorAccountId);
  const hotel = await hotelName(trx, access.propertyId);
  await tell(services, trx, {
    type: 'partner_photos_pending',
    accountId: access.hotelAccountId,
    propertyId: access.propertyId,
    message: (lang) => t(lang, 'notification.partner_photos_pending.message', { company: company(lang), count, hotel }),
    link: `/property-photos/${access.propertyId}`,
    extraId: access.propertyId,
    actorUserId: auth.user.id,
  });
}

/** Store an upload, all or nothing, as approved (Y) or waiting for the hotel (O); 403 when the contract says N. */
export async function uploadOwnPhotos(
  services: Services,
  auth: AuthContext,
  ip: string,
  access: ContractAccess,
  files: UploadedFile[],
  body: OwnPhotoUploadWire,
): Promise<OwnPhotoRow[]> {
  const status = await uploadStatus(services, access, files);
  const inspected = [];
  for (const file of files) inspected.push(await inspectPhoto(file));
  const stored: string[] = [];
  const meta = { name: body.name, status, now: services.clock.now().toISOString() };
  try {
    const rows: Insertable<OperatorPhotosTable>[] = [];
    for (const photo of inspected) rows.push(await storeOwnPhoto(services, auth, access, photo, meta, stored));
    return await recordOwnPhotos(services, auth, ip, access, rows, status);
  } catch (error) {
    // The store away: nothing to remove that would not wait for it again (the hourly sweep takes what is left).
    if (outageOf(error)?.dependency !== 'storage')
      for (const key of stored) await services.storage.remove(key).catch(() => undefined);
    throw error;
  }
}
