import { ApiError, notFound } from '../../plugins/errors.js';
import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import type { PropertyFormWire } from '../../../shared/generated/wire-types.js';
import type { UploadedFile } from '../../routing/multipart.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { diffDocuments } from '../audit/diff.js';
import { newLogoKey, processLogo } from './logo.js';
import { photoCounts, requireProperty, toPropertyWire, visibleProperties } from './store.js';
import { forgetProperty } from '../auth/permissions-store.js';

function logoFile(files: UploadedFile[]): UploadedFile | undefined {
  const extra = files.find((f) => f.field !== 'hotel_logo');
  if (extra) throw new ApiError(400, { [extra.field]: ['Only hotel_logo may carry a file.'] });
  return files.find((f) => f.field === 'hotel_logo');
}

function formFields(body: PropertyFormWire): { hotel_name: string; country: string; state: string; city: string } {
  return { hotel_name: body.hotel_name.trim(), country: body.country, state: body.state ?? '', city: body.city ?? '' };
}

export function propertyHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const { storage } = services;
  const schemaOf = () => services.schemas.resolved('properties/property-form.schema.json');

  return {
    async propertiesList(ctx) {
      const rows = await visibleProperties(services, caller(ctx));
      const counts = await photoCounts(services, rows.map((r) => r.id));
      return ok(rows.map((r) => toPropertyWire(r, counts.get(r.id) ?? 0)));
    },

    async propertyCreate(ctx) {
      const auth = caller(ctx);
      const file = logoFile(ctx.files);
      const logo = file ? await processLogo(file) : undefined;
      const now = services.clock.now().toISOString();
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('properties')
          .values({ account_id: auth.accountId, ...formFields(ctx.body), publish_date: null, logo_key: null, created_by: auth.user.id, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (logo) {
          const key = newLogoKey(inserted.id);
          await storage.put(key, logo);
          await trx.updateTable('properties').set({ logo_key: key }).where('id', '=', inserted.id).execute();
        }
        if (!auth.isOwner) {
          // An authorized user who adds a property may go on working on it.
          const perms = await trx.selectFrom('permissions').select(['id', 'properties_allowed']).where('user_id', '=', auth.user.id).executeTakeFirstOrThrow();
          const allowed = [...new Set([...(JSON.parse(perms.properties_allowed) as number[]), inserted.id])].sort((a, b) => a - b);
          await trx.updateTable('permissions').set({ properties_allowed: JSON.stringify(allowed) }).where('id', '=', perms.id).execute();
        }
        await recordAudit(services, actorOf(auth, ctx.ip), { kind: 'property', action: 'create', propertyId: inserted.id, subject: 'property', subjectId: inserted.id, summary: `Added property "${ctx.body.hotel_name}"`, changes: diffDocuments(schemaOf(), {}, formFields(ctx.body)) }, trx);
        return trx.selectFrom('properties').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
      });
      return created(toPropertyWire(row));
    },

    async propertyUpdate(ctx) {
      const auth = caller(ctx);
      const before = await requireProperty(services, auth, ctx.params.id);
      const file = logoFile(ctx.files);
      const logo = file ? await processLogo(file) : undefined;
      const fields = formFields(ctx.body);
      const oldKey = before.logo_key;
      let logoKey = ctx.body.remove_logo ? null : oldKey;
      if (logo) {
        logoKey = newLogoKey(before.id);
        await storage.put(logoKey, logo);
      }
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('properties').set({ ...fields, logo_key: logoKey, updated_at: services.clock.now().toISOString() }).where('id', '=', before.id).execute();
        const changes = diffDocuments(schemaOf(), { hotel_name: before.hotel_name, country: before.country, state: before.state, city: before.city }, fields);
        if (logoKey !== oldKey) changes.push({ field: 'hotel_logo', label: 'Logo', from: oldKey ? 'logo' : null, to: logoKey ? 'new logo' : null });
        await recordAudit(services, actorOf(auth, ctx.ip), { kind: 'property', action: 'update', propertyId: before.id, subject: 'property', subjectId: before.id, summary: `Edited property "${fields.hotel_name}"`, changes }, trx);
      });
      if (oldKey && oldKey !== logoKey) await storage.remove(oldKey);
      const after = await requireProperty(services, auth, before.id);
      return ok(toPropertyWire(after, (await photoCounts(services, [after.id])).get(after.id) ?? 0));
    },

    async propertyDelete(ctx) {
      const auth = caller(ctx);
      const row = await requireProperty(services, auth, ctx.params.id);
      await db.transaction().execute(async (trx) => {
        // Sections and rows go with the property (foreign keys cascade); the audit entry stays.
        await trx.deleteFrom('properties').where('id', '=', row.id).execute();
        await forgetProperty(trx, row.account_id, row.id);
        await recordAudit(services, actorOf(auth, ctx.ip), { kind: 'property', action: 'delete', propertyId: row.id, subject: 'property', subjectId: row.id, summary: `Deleted property "${row.hotel_name}"` }, trx);
      });
      // Files only after the rows are gone for good: a failed transaction leaves everything in place.
      await storage.remove(`properties/${row.id}`);
      return noContent();
    },

    async propertyLogo(ctx) {
      const row = await requireProperty(services, caller(ctx), ctx.params.id);
      const file = row.logo_key ? await storage.open(row.logo_key) : undefined;
      if (!file) throw notFound();
      ctx.reply.header('cache-control', 'private, max-age=31536000, immutable');
      return { status: 200, file: file.stream, contentType: 'image/png' };
    },

    async lastPublishDate(ctx) {
      const row = await db
        .selectFrom('properties')
        .select((eb) => eb.fn.max('publish_date').as('date'))
        .where('account_id', '=', caller(ctx).accountId)
        .executeTakeFirst();
      return ok({ date: (row?.date as string | null | undefined) ?? null });
    },
  };
}
