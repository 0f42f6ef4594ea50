import { ApiError } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { UploadedFile } from '../../routing/multipart.js';
import type { Services } from '../../services.js';
import type { PropertyFormWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit, diffDocuments } from '../audit/index.js';
import { allowProperty, forgetProperty } from '../auth/index.js';
import { newLogoKey, processLogo } from './logo.js';
import { existingProperty } from './reader.js';
import {
  deleteProperty,
  insertProperty,
  requireProperty,
  setLogoKey,
  updateProperty,
  type PropertyFields,
  type PropertyRow,
} from './store.js';

/** Adding, editing and deleting a property, each with its audit entry, logo files kept in step with the rows. */

const FORM = 'properties/property-form.schema.json';

/** The form's logo file; any other file is refused. */
export function logoFile(files: UploadedFile[]): UploadedFile | undefined {
  const extra = files.find((f) => f.field !== 'hotel_logo');
  if (extra) throw new ApiError(400, { [extra.field]: ['Only hotel_logo may carry a file.'] });
  return files.find((f) => f.field === 'hotel_logo');
}

function formFields(body: PropertyFormWire): PropertyFields {
  return { hotel_name: body.hotel_name.trim(), country: body.country, state: body.state ?? '', city: body.city ?? '' };
}

export async function createProperty(
  services: Services,
  auth: AuthContext,
  ip: string,
  body: PropertyFormWire,
  files: UploadedFile[],
): Promise<PropertyRow> {
  const file = logoFile(files);
  const logo = file ? await processLogo(file) : undefined;
  const now = services.clock.now().toISOString();
  return services.db.kysely.transaction().execute(async (trx) => {
    const id = await insertProperty(trx, auth.accountId, formFields(body), auth.user.id, now);
    if (logo) {
      const key = newLogoKey(id);
      await services.storage.put(key, logo);
      await setLogoKey(trx, id, key);
    }
    // An authorized user who adds a property may go on working on it.
    if (!auth.isOwner) await allowProperty(trx, auth.user.id, id);
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'property',
        action: 'create',
        propertyId: id,
        subject: 'property',
        subjectId: id,
        summary: `Added property "${body.hotel_name}"`,
        changes: diffDocuments(services.schemas.resolved(FORM), {}, formFields(body)),
      },
      trx,
    );
    return existingProperty(trx, id);
  });
}

/** Edit the fields and the logo (a new file, or removed); the old logo file goes once the row no longer names it. */
export async function editProperty(
  services: Services,
  auth: AuthContext,
  ip: string,
  id: number,
  body: PropertyFormWire,
  files: UploadedFile[],
): Promise<PropertyRow> {
  const before = await requireProperty(services, auth, id);
  const file = logoFile(files);
  const logo = file ? await processLogo(file) : undefined;
  const fields = formFields(body);
  const oldKey = before.logo_key;
  let logoKey = body.remove_logo ? null : oldKey;
  if (logo) {
    logoKey = newLogoKey(before.id);
    await services.storage.put(logoKey, logo);
  }
  await services.db.kysely.transaction().execute(async (trx) => {
    await updateProperty(trx, before.id, fields, logoKey, services.clock.now().toISOString());
    const changes = diffDocuments(
      services.schemas.resolved(FORM),
      { hotel_name: before.hotel_name, country: before.country, state: before.state, city: before.city },
      fields,
    );
    if (logoKey !== oldKey)
      changes.push({
        field: 'hotel_logo',
        label: 'Logo',
        from: oldKey ? 'logo' : null,
        to: logoKey ? 'new logo' : null,
      });
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'property',
        action: 'update',
        propertyId: before.id,
        subject: 'property',
        subjectId: before.id,
        summary: `Edited property "${fields.hotel_name}"`,
        changes,
      },
      trx,
    );
  });
  if (oldKey && oldKey !== logoKey) await services.storage.remove(oldKey);
  return requireProperty(services, auth, before.id);
}

export async function removeProperty(services: Services, auth: AuthContext, ip: string, id: number): Promise<void> {
  const row = await requireProperty(services, auth, id);
  await services.db.kysely.transaction().execute(async (trx) => {
    // Sections and rows go with the property (foreign keys cascade); the audit entry stays.
    await deleteProperty(trx, row.id);
    await forgetProperty(trx, row.account_id, row.id);
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'property',
        action: 'delete',
        propertyId: row.id,
        subject: 'property',
        subjectId: row.id,
        summary: `Deleted property "${row.hotel_name}"`,
      },
      trx,
    );
  });
  // Files only after the rows are gone for good: a failed transaction leaves everything in place.
  await services.storage.remove(`properties/${row.id}`);
}
