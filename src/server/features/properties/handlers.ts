import { notFound } from '../../plugins/errors.js';
import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { createProperty, editProperty, removeProperty } from './edits.js';
import { publishStates } from './publish-state.js';
import { lastPublishDate, photoCounts, requireProperty, toPropertyWire, visibleProperties } from './store.js';

export function propertyHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const { storage } = services;

  return {
    async propertiesList(ctx) {
      const rows = await visibleProperties(services, caller(ctx));
      const [counts, states] = await Promise.all([
        photoCounts(
          services,
          rows.map((r) => r.id),
        ),
        publishStates(db, rows),
      ]);
      return ok(rows.map((r) => toPropertyWire(r, counts.get(r.id) ?? 0, states.get(r.id))));
    },

    async propertyCreate(ctx) {
      return created(toPropertyWire(await createProperty(services, caller(ctx), ctx.ip, ctx.body, ctx.files)));
    },

    async propertyUpdate(ctx) {
      const after = await editProperty(services, caller(ctx), ctx.ip, ctx.params.id, ctx.body, ctx.files);
      const [counts, states] = await Promise.all([photoCounts(services, [after.id]), publishStates(db, [after])]);
      return ok(toPropertyWire(after, counts.get(after.id) ?? 0, states.get(after.id)));
    },

    async propertyDelete(ctx) {
      await removeProperty(services, caller(ctx), ctx.ip, ctx.params.id);
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
      return ok({ date: await lastPublishDate(db, caller(ctx).accountId) });
    },
  };
}
