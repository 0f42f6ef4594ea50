import { caller, created, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { createPreferences, editLayout, editPreferences } from './preference-changes.js';
import { findPreferences, preferencesWire } from './preferences.js';

/** Preferences: created once (else 409), edited by the fields sent; the export layout by the export permission. */
export function preferenceHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const current = async (accountId: number) =>
    preferencesWire(services, accountId, await findPreferences(db, accountId));
  return {
    async settingsPreferencesGet(ctx) {
      return ok(await current(caller(ctx).accountId));
    },

    async settingsPreferencesCreate(ctx) {
      const auth = caller(ctx);
      await createPreferences(services, auth, ctx.ip, ctx.body);
      return created(await current(auth.accountId));
    },

    async settingsPreferencesEdit(ctx) {
      const auth = caller(ctx);
      await editPreferences(services, auth, ctx.ip, ctx.body);
      return ok(await current(auth.accountId));
    },

    async settingsPreferencesLayoutEdit(ctx) {
      const auth = caller(ctx);
      const layout = { pdf_layout: ctx.body.pdf_layout, api_layout: ctx.body.api_layout, add_logo: ctx.body.add_logo };
      await editLayout(services, auth, ctx.ip, layout);
      return ok(await current(auth.accountId));
    },
  };
}
