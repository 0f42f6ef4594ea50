import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { listsOfAccount } from './mailing-store.js';
import { createList, editList, removeList, toListWire } from './mailing-changes.js';
import { contactHandlers } from './mailing-contacts.js';

/** Mailing groups (the recipients of fact sheets, photos and stop-sale charts) and their contacts. */
export function mailingHandlers(services: Services): HandlerMap {
  return { ...groupHandlers(services), ...contactHandlers(services) };
}

/** The mailing groups themselves. */
function groupHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;

  return {
    async settingsMailingListsList(ctx) {
      const rows = await listsOfAccount(db, caller(ctx).accountId);
      return ok(rows.map((r) => toListWire(r, r.contacts)));
    },

    async settingsMailingListCreate(ctx) {
      return created(toListWire(await createList(services, caller(ctx), ctx.ip, ctx.body), 0));
    },

    async settingsMailingListUpdate(ctx) {
      return ok(await editList(services, caller(ctx), ctx.ip, ctx.params.id, ctx.body));
    },

    async settingsMailingListDelete(ctx) {
      await removeList(services, caller(ctx), ctx.ip, ctx.params.id);
      return noContent();
    },
  };
}
