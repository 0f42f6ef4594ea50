import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { OwnPhotoUploadWire, OwnPhotoWire } from '../../../shared/generated/wire-types.js';
import type { Database, OperatorPhotosTable } from '../../db/tables.js';
import { ApiError, conflict, forbidden, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { UploadedFile } from '../../routing/multipart.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { tell } from '../notifications/index.js';
import { operatorMay, type ContractAccess, companyNames, companyName } from '../partners/index.js';
import {
  extensionOf,
  inspectPhoto,
  nameFromFile,
  processPhoto,
  VARIANTS,
  type Variant,
  photoUrlSigner,
  type PhotoUrlSigner,
} from '../photos/index.js';
import { refusalReasons } from './refusals.js';
import { hotelName } from '../properties/index.js';
import { outageOf } from '../../plugins/outage.js';
import { partnerName } from './tell.js';
import { t } from '../../i18n/index.js';

/**
 * A tour operator's own photos of a contracted property (contract to_add_own_photos): Y they
 * join its views and exports at once, O once the hotel approves each (its gallery page), N none
 * may be added. They are the operator's: the hotel's gallery, quota and facts never change.
 */
export type OwnPhotoRow = Selectable<OperatorPhotosTable>;
type Db = Kysely<Database>;

const FILE_FIELD = 'imagesArray';

/** The signed URL of an own photo's file (photos/signed-urls.ts), for the operator and the hotel alike. */
export const ownPhotoUrl = (urls: PhotoUrlSigner, row: OwnPhotoRow, variant: Variant): string =>
  urls.url('partner-photo', { id: row.id, key: ownKeyOf(row, variant) }, variant);

export const ownKeyOf = (row: OwnPhotoRow, variant: Variant): string =>
  ({ original: row.original_key, display: row.display_key, thumbnail: row.thumbnail_key })[variant];

/** The operator's own photos of a property; `approvedOnly` for what its outputs show. */
export function operatorOwnPhotos(
  db: Db,
  operatorAccountId: number,
  propertyId: number,
  approvedOnly = false,
): Promise<OwnPhotoRow[]> {
  let q = db
    .selectFrom('operator_photos')
    .selectAll()
    .where('operator_account_id', '=', operatorAccountId)
    .where('property_id', '=', propertyId);
  if (approvedOnly) q = q.where('status', '=', 'approved');
  return q.orderBy('id').execute();
}

/** Every operator's own photos of a hotel for its gallery page: waiting for approval first, then the newest. */
export async function hotelOwnPhotos(db: Db, propertyId: number): Promise<OwnPhotoRow[]> {
  const rows = await db
    .selectFrom('operator_photos')
    .selectAll()
    .where('property_id', '=', propertyId)
    .orderBy('status', 'asc')
    .orderBy('id', 'desc')
    .execute();
  rows.sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));
  return rows;
}

export async function ownPhotoWires(services: Services, rows: readonly OwnPhotoRow[]): Promise<OwnPhotoWire[]> {
  const db = services.db.kysely;
  const urls = photoUrlSigner(services);
  const names = await companyNames(db, [...new Set(rows.map((r) => r.operator_account_id))]);
  return rows.map((r) => ({
    id: r.id,
    hotel: r.property_id,
    operator: r.operator_account_id,
    operator_name: names.get(r.operator_account_id) ?? '',
    name: r.name,
    status: r.status,
    width: r.width,
    height: r.height,
    bytes: r.bytes,
    created_at: r.created_at,
    decided_at: r.decided_at,
    decision_comment: r.decision_comment,
    thumbnail: ownPhotoUrl(urls, r, 'thumbnail'),
    display: ownPhotoUrl(urls, r, 'display'),
    original: ownPhotoUrl(urls, r, 'original'),
  }));
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
  const may = operatorMay(access.terms, 'add_own_photos');
  if (may === 'no')
    throw forbidden(
      refusalReasons(access.terms, await companyName(services.db.kysely, access.hotelAccountId)).add_own_photos!,
    );
  const stray = files.find((f) => f.field !== FILE_FIELD);
  if (stray) throw new ApiError(400, { [stray.field]: [`Send the photos in the field ${FILE_FIELD}.`] });
  if (!files.length) throw new ApiError(400, { [FILE_FIELD]: ['Choose at least one photo.'] });
  const inspected = [];
  for (const file of files) inspected.push(await inspectPhoto(file));
  const { storage } = services;
  const stored: string[] = [];
  const status = may === 'yes' ? 'approved' : 'pending';
  const now = services.clock.now().toISOString();
  try {
    const rows: Insertable<OperatorPhotosTable>[] = [];
    for (const photo of inspected) {
      const p = await processPhoto(photo);
      const stem = `properties/${access.propertyId}/partner-photos/${access.operatorAccountId}/${randomBytes(12).toString('hex')}`;
      const keys = {
        original: `${stem}-original.${extensionOf(p.format)}`,
        display: `${stem}-display.jpg`,
        thumbnail: `${stem}-thumbnail.jpg`,
      };
      for (const variant of VARIANTS) {
        stored.push(keys[variant]);
        await storage.put(keys[variant], p[variant]);
      }
      rows.push({
        operator_account_id: access.operatorAccountId,
        property_id: access.propertyId,
        name: body.name?.trim() || nameFromFile(photo.file.filename),
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
      });
    }
    return await services.db.kysely.transaction().execute(async (trx) => {
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
      if (status === 'pending') {
        const company = await partnerName(trx, access.operatorAccountId);
        const hotel = await hotelName(trx, access.propertyId);
        await tell(services, trx, {
          type: 'partner_photos_pending',
          accountId: access.hotelAccountId,
          propertyId: access.propertyId,
          message: (lang) =>
            t(lang, 'notification.partner_photos_pending.message', {
              company: company(lang),
              count: out.length,
              hotel,
            }),
          link: `/property-photos/${access.propertyId}`,
          extraId: access.propertyId,
          actorUserId: auth.user.id,
        });
      }
      return out;
    });
  } catch (error) {
    // The store away: nothing to remove that would not wait for it again (the hourly sweep takes what is left).
    if (outageOf(error)?.dependency !== 'storage')
      for (const key of stored) await storage.remove(key).catch(() => undefined);
    throw error;
  }
}

export async function requireOwnPhoto(
  db: Db,
  propertyId: number,
  photoId: number,
  operatorAccountId?: number,
): Promise<OwnPhotoRow> {
  let q = db.selectFrom('operator_photos').selectAll().where('id', '=', photoId).where('property_id', '=', propertyId);
  if (operatorAccountId !== undefined) q = q.where('operator_account_id', '=', operatorAccountId);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function deleteOwnPhoto(
  services: Services,
  auth: AuthContext,
  ip: string,
  row: OwnPhotoRow,
): Promise<void> {
  await services.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('operator_photos').where('id', '=', row.id).execute();
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'overrides',
        action: 'delete',
        subject: 'property',
        subjectId: row.property_id,
        summary: `Deleted a photo of its own of property ${row.property_id}`,
      },
      trx,
    );
  });
  for (const v of VARIANTS) await services.storage.remove(ownKeyOf(row, v)).catch(() => undefined);
}

/** The hotel approves or rejects a photo waiting for it (409 once decided); the operator is told. */
export async function decideOwnPhoto(
  services: Services,
  auth: AuthContext,
  ip: string,
  row: OwnPhotoRow,
  decision: 'approve' | 'reject',
  comment: string,
): Promise<OwnPhotoRow> {
  const db = services.db.kysely;
  const status = decision === 'approve' ? 'approved' : 'rejected';
  const now = services.clock.now().toISOString();
  const done = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('operator_photos')
      .set({ status, decided_by: auth.user.id, decided_at: now, decision_comment: comment.trim() || null })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    const propertyName = await hotelName(trx, row.property_id);
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'photos',
        action: decision,
        propertyId: row.property_id,
        subject: 'partner-photo',
        subjectId: row.id,
        summary: `${status === 'approved' ? 'Approved' : 'Rejected'} a partner's photo "${row.name ?? row.id}"`,
      },
      trx,
    );
    await tell(services, trx, {
      type: 'partner_photos_decided',
      accountId: row.operator_account_id,
      propertyId: row.property_id,
      message: (lang) => {
        const values = { hotel: propertyName, photo: row.name ?? String(row.id) };
        return status === 'approved'
          ? t(lang, 'notification.partner_photos_decided.approved', values)
          : t(lang, 'notification.partner_photos_decided.rejected', values);
      },
      link: `/fact-sheet/${row.property_id}`,
      extraId: row.property_id,
    });
    return true;
  });
  const now2 = await db.selectFrom('operator_photos').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  if (!done) throw conflict(`This photo is ${now2.status} already.`, { status: now2.status });
  return now2;
}
