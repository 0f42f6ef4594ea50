import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CertificateDocumentWire } from '../../../shared/generated/wire-types.js';
import type { CertificateDocumentsTable, Database } from '../../db/tables.js';
import { badRequest, notFound } from '../../plugins/errors.js';
import { outageOf } from '../../plugins/outage.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { UploadedFile } from '../../routing/multipart.js';
import type { Services } from '../../services.js';
import type { Selectable } from 'kysely';
import { actorOf, recordAudit } from '../audit/index.js';
import { existingProperty, requireProperty } from '../properties/index.js';
import { translatorOf } from '../../i18n/index.js';
import type { Words } from '../../../shared/validation-messages.js';
import { contentTypeOfDocument, documentFile, extensionOfDocument, FILE_FIELD } from './files.js';

export type DocumentRow = Selectable<CertificateDocumentsTable>;

export function toDocumentWire(row: DocumentRow): CertificateDocumentWire {
  return {
    id: row.id,
    hotel: row.property_id,
    filename: row.filename,
    format: row.format,
    content_type: contentTypeOfDocument(row.format),
    bytes: row.bytes,
    uploaded_at: row.uploaded_at,
    checked_at: row.checked_at,
    url: `/api/facts/sustainability/certificate-documents/file/${row.id}/`,
  };
}

/** The documents of a property by id: what a certificates save checks its rows against. */
export async function documentsOf(db: Kysely<Database>, propertyId: number): Promise<Map<number, DocumentRow>> {
  const rows = await db.selectFrom('certificate_documents').selectAll().where('property_id', '=', propertyId).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The documents of a property, oldest first, as the editor lists them. */
export async function documentList(db: Kysely<Database>, propertyId: number): Promise<CertificateDocumentWire[]> {
  const rows = await db
    .selectFrom('certificate_documents')
    .selectAll()
    .where('property_id', '=', propertyId)
    .orderBy('id')
    .execute();
  return rows.map(toDocumentWire);
}

/**
 * The file names of a property's documents by id: what a fact sheet prints for a certificate's
 * document (an id means nothing to a reader).
 */
export async function documentNames(db: Kysely<Database>, propertyId: number): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('certificate_documents')
    .select(['id', 'filename'])
    .where('property_id', '=', propertyId)
    .execute();
  return new Map(rows.map((r) => [r.id, r.filename]));
}

/** Store one uploaded certificate document of a property (the file first, its row after; no row, no file). */
export async function uploadDocument(
  services: Services,
  auth: AuthContext,
  ip: string,
  propertyId: number,
  files: UploadedFile[],
  words: Words = translatorOf('en'),
): Promise<DocumentRow> {
  const file = files.find((f) => f.field === FILE_FIELD);
  if (!file || files.length !== 1) {
    throw badRequest({ [FILE_FIELD]: [words.text('sustainability.document_choose_one')] });
  }
  const made = await documentFile(file, words);
  const key = `properties/${propertyId}/certificates/${randomBytes(12).toString('hex')}.${extensionOfDocument(made.format)}`;
  await services.storage.put(key, made.data);
  try {
    return await services.db.kysely.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('certificate_documents')
        .values({
          property_id: propertyId,
          storage_key: key,
          format: made.format,
          filename: (file.filename.split(/[\\/]/).pop() ?? '').slice(0, 200) || `certificate.${made.format}`,
          bytes: made.data.length,
          uploaded_by: auth.user.id,
          uploaded_at: services.clock.now().toISOString(),
          checked_at: null,
          checked_by: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(
        services,
        actorOf(auth, ip),
        {
          kind: 'facts',
          action: 'upload',
          propertyId,
          subject: 'certificate-document',
          subjectId: row.id,
          summary: `Certificate document uploaded (${row.filename})`,
          changes: [],
        },
        trx,
      );
      return row;
    });
  } catch (error) {
    if (outageOf(error)?.dependency !== 'storage') await services.storage.remove(key).catch(() => undefined);
    throw error;
  }
}

/** A document the caller may read: of a property it sees (staff: any); 404 otherwise. */
export async function readableDocument(services: Services, auth: AuthContext, id: number): Promise<DocumentRow> {
  const row = await services.db.kysely
    .selectFrom('certificate_documents')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (!auth.user.isStaff) await requireProperty(services, auth, row.property_id);
  return row;
}

/**
 * Ananas staff mark a document checked against its issuer (idempotent: the first check's time
 * stays). The staff member belongs to another account, so what it does to the hotel's records is
 * recorded in the hotel's account (its audit trail shows the check, the staff member as actor) as
 * well as in the staff member's own; `inHotel` is the staff member acting in the hotel's account,
 * for the certificates' re-save that follows.
 */
export async function checkDocument(
  services: Services,
  auth: AuthContext,
  ip: string,
  id: number,
): Promise<{ row: DocumentRow; inHotel: AuthContext }> {
  const db = services.db.kysely;
  const before = await db.selectFrom('certificate_documents').selectAll().where('id', '=', id).executeTakeFirst();
  if (!before) throw notFound();
  const hotelAccount = (await existingProperty(db, before.property_id)).account_id;
  const inHotel: AuthContext = { ...auth, accountId: hotelAccount };
  if (before.checked_at) return { row: before, inHotel };
  const at = services.clock.now().toISOString();
  const row = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('certificate_documents')
      .set({ checked_at: at, checked_by: auth.user.id })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const event = {
      kind: 'facts' as const,
      action: 'update',
      propertyId: row.property_id,
      subject: 'certificate-document',
      subjectId: id,
      summary: `Certificate document ${row.filename} checked by Ananas staff`,
      changes: [],
    };
    await recordAudit(services, actorOf(inHotel, ip), event, trx);
    if (hotelAccount !== auth.accountId) await recordAudit(services, actorOf(auth, ip), event, trx);
    return row;
  });
  return { row, inHotel };
}
