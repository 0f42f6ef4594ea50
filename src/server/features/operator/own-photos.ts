import type { Kysely, Selectable } from 'kysely';
import type { OwnPhotoWire } from '../../../shared/generated/wire-types.js';
import type { Database, OperatorPhotosTable } from '../../db/tables.js';
import { conflict, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { tell } from '../notifications/index.js';
import { companyNames } from '../partners/index.js';
import { VARIANTS, type Variant, photoUrlSigner, type PhotoUrlSigner } from '../photos/index.js';
import { hotelName } from '../properties/index.js';
import { t } from '../../i18n/index.js';

/**
 * A tour operator's own photos of a contracted property (contract to_add_own_photos): Y they
 * join its views and exports at once, O once the hotel approves each (its gallery page), N none
 * may be added. They are the operator's: the hotel's gallery, quota and facts never change.
 */
export type OwnPhotoRow = Selectable<OperatorPhotosTable>;
type Db = Kysely<Database>;

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
