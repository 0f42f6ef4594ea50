import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { createKey, editKey, revokeKey } from './key-changes.js';
import { accountKeys } from './key-store.js';
import { keyStandings, toKeyWire, type KeyRow } from './keys.js';
import type { KeyCalls } from './key-calls.js';

/** API keys of the partner API: created with their secret shown once, edited, rotated, revoked. */
export function keyHandlers(services: Services, calls: KeyCalls): HandlerMap {
  const db = services.db.kysely;
  const wireOf = async (accountId: number, row: KeyRow, secret: string | null) =>
    toKeyWire(row, secret, (await keyStandings(db, accountId, [row])).get(row.id));
  return {
    async apiKeysList(ctx) {
      const auth = caller(ctx);
      // Each key's last use as this node counted it too.
      await calls.flush();
      const rows = await accountKeys(db, auth.accountId);
      const standings = await keyStandings(db, auth.accountId, rows);
      return ok(rows.map((r) => toKeyWire(r, null, standings.get(r.id))));
    },

    async apiKeyCreate(ctx) {
      const auth = caller(ctx);
      const { row, secret } = await createKey(services, auth, ctx.ip, ctx.body);
      return created(await wireOf(auth.accountId, row, secret));
    },

    async apiKeyUpdate(ctx) {
      const auth = caller(ctx);
      const { row, secret } = await editKey(services, auth, ctx.ip, ctx.params.id, ctx.body);
      return ok(await wireOf(auth.accountId, row, secret));
    },

    async apiKeyDelete(ctx) {
      await revokeKey(services, caller(ctx), ctx.ip, ctx.params.id);
      return noContent();
    },
  };
}
