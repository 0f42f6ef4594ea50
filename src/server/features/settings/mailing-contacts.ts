import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { accountList, contactsOfList } from './mailing-store.js';
import { createContact, editContact, removeContact, toContactWire } from './mailing-contact-changes.js';

/** The contacts of the caller's mailing groups: one address once per group. */
export function contactHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;

  return {
    async settingsContactsList(ctx) {
      const list = await accountList(db, caller(ctx), ctx.params.id);
      return ok((await contactsOfList(db, list.id)).map(toContactWire));
    },

    async settingsContactCreate(ctx) {
      return created(toContactWire(await createContact(services, caller(ctx), ctx.ip, ctx.body)));
    },

    async settingsContactUpdate(ctx) {
      return ok(toContactWire(await editContact(services, caller(ctx), ctx.ip, ctx.params.id, ctx.body)));
    },

    async settingsContactDelete(ctx) {
      await removeContact(services, caller(ctx), ctx.ip, ctx.params.id);
      return noContent();
    },
  };
}
