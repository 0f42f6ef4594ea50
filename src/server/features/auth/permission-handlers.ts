import type { Kysely } from 'kysely';
import { conflict, fieldError, notFound } from '../../plugins/errors.js';
import { caller, created, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import type { Database } from '../../db/tables.js';
import type { AuthContext } from '../../routing/auth-context.js';
import { findPermissions, ownerPermissionsWire, rowValues, toPermissionsWire } from './permissions-store.js';

/** A user of the caller's own team, or 404: other accounts' users do not exist for the caller. */
async function teamMember(db: Kysely<Database>, auth: AuthContext, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).where('manager_id', '=', auth.accountId).executeTakeFirst();
  if (!row) throw notFound();
  return row.id;
}

/** Hook for the property scope: issue "Properties" checks that allowed ids belong to the account. */
export type PropertyIdsCheck = (accountId: number, ids: readonly number[]) => Promise<number[]>;

export function permissionHandlers(services: Services, unknownProperties: PropertyIdsCheck): HandlerMap {
  const db = services.db.kysely;

  async function checkProperties(auth: AuthContext, ids: readonly number[] | undefined): Promise<void> {
    const unknown = await unknownProperties(auth.accountId, ids ?? []);
    if (unknown.length) throw fieldError('properties_allowed', `Not properties of this account: ${unknown.join(', ')}.`);
  }

  return {
    async authPermissionsGet(ctx) {
      const auth = caller(ctx);
      const userId = ctx.params.userId;
      if (userId === auth.user.id) {
        return ok(auth.isOwner ? ownerPermissionsWire(userId) : toPermissionsWire(userId, await findPermissions(db, userId)));
      }
      if (!auth.isOwner) throw notFound();
      await teamMember(db, auth, userId);
      return ok(toPermissionsWire(userId, await findPermissions(db, userId)));
    },

    async authPermissionsCreate(ctx) {
      const auth = caller(ctx);
      const userId = await teamMember(db, auth, ctx.body.user);
      await checkProperties(auth, ctx.body.properties_allowed);
      if (await findPermissions(db, userId)) throw conflict('This user has permissions already; update them instead.');
      await db.insertInto('permissions').values({ user_id: userId, ...rowValues(ctx.body) }).execute();
      return created(toPermissionsWire(userId, await findPermissions(db, userId)));
    },

    async authPermissionsUpdate(ctx) {
      const auth = caller(ctx);
      const record = await db.selectFrom('permissions').select(['id', 'user_id']).where('id', '=', ctx.params.id).executeTakeFirst();
      if (!record) throw notFound();
      await teamMember(db, auth, record.user_id);
      if (ctx.body.user !== record.user_id) throw fieldError('user', 'A permissions record stays with its user.');
      await checkProperties(auth, ctx.body.properties_allowed);
      await db.updateTable('permissions').set(rowValues(ctx.body)).where('id', '=', record.id).execute();
      return ok(toPermissionsWire(record.user_id, await findPermissions(db, record.user_id)));
    },
  };
}
