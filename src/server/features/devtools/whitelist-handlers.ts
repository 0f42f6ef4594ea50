import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { createWhitelist, editWhitelist, removeWhitelist } from './whitelist-changes.js';
import { accountWhitelists } from './whitelist-store.js';
import { toWire } from './whitelists.js';

/** Whitelist entries: where an account's API keys may be used from and its widget embedded. */
export function whitelistHandlers(services: Services): HandlerMap {
  return {
    async whitelistsList(ctx) {
      return ok((await accountWhitelists(services.db.kysely, caller(ctx).accountId)).map(toWire));
    },

    async whitelistCreate(ctx) {
      return created(toWire(await createWhitelist(services, caller(ctx), ctx.ip, ctx.body)));
    },

    async whitelistUpdate(ctx) {
      return ok(toWire(await editWhitelist(services, caller(ctx), ctx.ip, ctx.params.id, ctx.body)));
    },

    async whitelistDelete(ctx) {
      await removeWhitelist(services, caller(ctx), ctx.ip, ctx.params.id);
      return noContent();
    },
  };
}
