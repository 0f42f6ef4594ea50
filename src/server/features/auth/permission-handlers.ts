import type { Kysely } from 'kysely';
import { conflict, fieldError, notFound } from '../../plugins/errors.js';
import { caller, created, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import type { Database } from '../../db/tables.js';
import type { AuthContext } from '../../routing/auth-context.js';
import { findPermissions, ownerPermissionsWire, rowValues, toPermissionsWire } from './permissions-store.js';
import { actorOf, recordAudit, diffDocuments } from '../audit/index.js';
import { onUnique } from '../../db/unique.js';

/** A user of the caller's own team, or 404: other accounts' users do not exist for the caller. */
async function teamMember(db: Kysely<Database>, auth: AuthContext, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('manager_id', '=', auth.accountId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row.id;
}

/** Hook for the property scope: issue "Properties" checks that allowed ids belong to the account. */
export type PropertyIdsCheck = (accountId: number, ids: readonly number[]) => Promise<number[]>;

export function permissionHandlers(services: Services, unknownProperties: PropertyIdsCheck): HandlerMap {
  const db = services.db.kysely;

  async function checkProperties(auth: AuthContext, ids: readonly number[] | undefined): Promise<void> {
    const unknown = await unknownProperties(auth.accountId, ids ?? []);
    if (unknown.length)
      throw fieldError('properties_allowed', `Not properties of this account: ${unknown.join(', ')}.`);
  }

  /** Field-level changes of a team member's permissions, labelled from the permissions schema. */
  async function audit(
    auth: AuthContext,
    ip: string,
    userId: number,
    action: 'create' | 'update',
    before: object,
    after: object,
  ): Promise<void> {
    const { user: _u, id: _i, ...from } = before as Record<string, unknown>;
    const { user: _u2, id: _i2, ...to } = after as Record<string, unknown>;
    const member = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    const changes = diffDocuments(services.schemas.resolved('auth/permissions.schema.json'), from, to);
    if (action === 'update' && !changes.length) return;
    await recordAudit(services, actorOf(auth, ip), {
      kind: 'permissions',
      action,
      subject: 'user',
      subjectId: userId,
      summary: `${action === 'create' ? 'Set' : 'Changed'} the permissions of ${member?.email ?? `user ${userId}`}`,
      changes,
    });
  }

  /**
   * PUT permissions/update/{id}/: {id} is the record's id (spec), or the member's user id (one
   * record per user, as clients that read permissions by user id send it). A record of the
   * caller's team wins; otherwise {id} must be a member of the team (else 404).
   */
  async function recordFor(auth: AuthContext, id: number): Promise<{ id: number; user_id: number } | undefined> {
    const byRecord = await db
      .selectFrom('permissions')
      .select(['id', 'user_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (byRecord) {
      const mine = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', byRecord.user_id)
        .where('manager_id', '=', auth.accountId)
        .executeTakeFirst();
      if (mine) return byRecord;
    }
    return db
      .selectFrom('permissions')
      .select(['id', 'user_id'])
      .where('user_id', '=', id)
      .executeTakeFirst()
      .then(async (row) => {
        if (!row) return undefined;
        await teamMember(db, auth, row.user_id);
        return row;
      });
  }

  return {
    async authPermissionsGet(ctx) {
      const auth = caller(ctx);
      const userId = ctx.params.userId;
      if (userId === auth.user.id) {
        return ok(
          auth.isOwner ? ownerPermissionsWire(userId) : toPermissionsWire(userId, await findPermissions(db, userId)),
        );
      }
      if (!auth.isOwner) throw notFound();
      await teamMember(db, auth, userId);
      return ok(toPermissionsWire(userId, await findPermissions(db, userId)));
    },

    async authPermissionsCreate(ctx) {
      const auth = caller(ctx);
      const userId = await teamMember(db, auth, ctx.body.user);
      await checkProperties(auth, ctx.body.properties_allowed);
      const exists = () => conflict('This user has permissions already; update them instead.');
      if (await findPermissions(db, userId)) throw exists();
      // Two creates at once: the unique user_id lets one in; the other gets the same 409.
      await onUnique(
        () =>
          db
            .insertInto('permissions')
            .values({ user_id: userId, ...rowValues(ctx.body) })
            .execute(),
        { user_id: exists },
      );
      const after = toPermissionsWire(userId, await findPermissions(db, userId));
      await audit(auth, ctx.ip, userId, 'create', toPermissionsWire(userId, undefined), after);
      return created(after);
    },

    async authPermissionsUpdate(ctx) {
      const auth = caller(ctx);
      const record = await recordFor(auth, ctx.params.id);
      const userId = record?.user_id ?? (await teamMember(db, auth, ctx.params.id));
      if (ctx.body.user !== userId) throw fieldError('user', 'A permissions record stays with its user.');
      await checkProperties(auth, ctx.body.properties_allowed);
      const before = toPermissionsWire(userId, await findPermissions(db, userId));
      // One record per user: addressed by the user's id, a member without a record gets one.
      if (record) await db.updateTable('permissions').set(rowValues(ctx.body)).where('id', '=', record.id).execute();
      else
        await db
          .insertInto('permissions')
          .values({ user_id: userId, ...rowValues(ctx.body) })
          .execute();
      const after = toPermissionsWire(userId, await findPermissions(db, userId));
      await audit(auth, ctx.ip, userId, record ? 'update' : 'create', before, after);
      return ok(after);
    },
  };
}
