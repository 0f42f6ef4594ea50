import type { Kysely } from 'kysely';
import { ApiError, fieldError, notFound } from '../../plugins/errors.js';
import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { bool, type Database } from '../../db/tables.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { AuthorizedUserWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit, diffDocuments } from '../audit/index.js';
import { consumeLinkWithPassword, createLink } from './links.js';
import { teamInvitationMail } from './mails.js';
import { hasUsablePassword, unusablePassword } from './passwords.js';
import { randomToken } from './secrets.js';
import { EMAIL_TAKEN, findUserByEmail, findUserById, freeUsername, normaliseEmail, type UserRow } from './users.js';
import { onUnique, retryOnUnique } from '../../db/unique.js';

export function toAuthorizedUserWire(row: UserRow): AuthorizedUserWire {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    language: row.language,
    country: row.country,
    title: row.title,
    is_active: bool(row.is_active),
    invitation_pending: !hasUsablePassword(row.password_hash),
    manager: row.manager_id!,
    date_joined: row.date_joined,
    last_login: row.last_login,
  };
}

/** A member of the caller's team, or 404: other accounts' users never appear to exist. */
export async function teamRow(db: Kysely<Database>, auth: AuthContext, id: number): Promise<UserRow> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('manager_id', '=', auth.accountId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

const PROFILE = ['first_name', 'last_name', 'phone', 'title', 'country', 'language'] as const;

function displayName(row: UserRow): string {
  return `${row.first_name} ${row.last_name}`.trim() || row.email;
}

/** The owner's team: list, invite, edit (including the active flag), remove; and accepting an invitation. */
export function teamHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const updateSchema = () => services.schemas.resolved('settings/authorized-user-update.schema.json');
  const teamState = (row: UserRow) => ({
    ...Object.fromEntries(PROFILE.map((k) => [k, row[k]])),
    is_active: bool(row.is_active),
  });

  return {
    async authAuthorizedUsersList(ctx) {
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .where('manager_id', '=', caller(ctx).accountId)
        .orderBy('id')
        .execute();
      return ok(rows.map(toAuthorizedUserWire));
    },

    async authAuthorizedUserGet(ctx) {
      return ok(toAuthorizedUserWire(await teamRow(db, caller(ctx), ctx.params.id)));
    },

    async authAuthorizedUserInvite(ctx) {
      const auth = caller(ctx);
      const body = ctx.body;
      const email = normaliseEmail(body.email);
      if (await findUserByEmail(db, email)) throw fieldError('email', EMAIL_TAKEN);
      const now = services.clock.now().toISOString();
      // The check above answers the usual case; the unique constraint decides a race between two invitations.
      const insert = async (attempt: number) =>
        db
          .insertInto('users')
          .values({
            email,
            username: await freeUsername(db, email, attempt),
            password_hash: unusablePassword(randomToken()),
            account_type: auth.user.accountType,
            first_name: body.first_name.trim(),
            last_name: body.last_name.trim(),
            phone: body.phone ?? '',
            title: body.title ?? '',
            country: body.country ?? '',
            language: body.language ?? 'en',
            manager_id: auth.user.id,
            is_active: false,
            genuine: false,
            premium_active: false,
            is_staff: false,
            last_password_change: null,
            date_joined: now,
            last_login: null,
            deactivated_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const inserted = await onUnique(() => retryOnUnique('username', insert), {
        email: () => fieldError('email', EMAIL_TAKEN),
      });
      const user = (await findUserById(db, inserted.id))!;
      const owner = (await findUserById(db, auth.user.id))!;
      const link = await createLink(services, user.id, 'invitation');
      await services.mail.send(teamInvitationMail(user.email, user.first_name, displayName(owner), link));
      await recordAudit(services, actorOf(auth, ctx.ip), {
        kind: 'team',
        action: 'invite',
        subject: 'user',
        subjectId: user.id,
        summary: `Invited ${user.email} as an authorized user`,
        changes: diffDocuments(updateSchema(), {}, { ...teamState(user), email: user.email }),
      });
      return created(toAuthorizedUserWire(user));
    },

    async authAuthorizedUserUpdate(ctx) {
      const auth = caller(ctx);
      const { id, is_active: active, ...profile } = ctx.body;
      const before = await teamRow(db, auth, id);
      const set: Partial<Record<string, unknown>> = { ...profile };
      for (const key of ['first_name', 'last_name'] as const)
        if (typeof set[key] === 'string') set[key] = (set[key] as string).trim();
      if (active === false && (bool(before.is_active) || !before.deactivated_at)) {
        set.is_active = false;
        set.deactivated_at = services.clock.now().toISOString();
      } else if (active === true) {
        // The owner vouches for the address it typed; a user who has not chosen a password yet stays pending.
        set.deactivated_at = null;
        set.is_active = hasUsablePassword(before.password_hash);
      }
      await db.transaction().execute(async (trx) => {
        if (Object.keys(set).length) await trx.updateTable('users').set(set).where('id', '=', before.id).execute();
        // Access off means off now: every session of the user ends.
        if (set.is_active === false) await trx.deleteFrom('auth_tokens').where('user_id', '=', before.id).execute();
        const after = (await trx
          .selectFrom('users')
          .selectAll()
          .where('id', '=', before.id)
          .executeTakeFirstOrThrow()) as UserRow;
        const changes = diffDocuments(updateSchema(), teamState(before), teamState(after));
        if (changes.length) {
          await recordAudit(
            services,
            actorOf(auth, ctx.ip),
            {
              kind: 'team',
              action: 'update',
              subject: 'user',
              subjectId: before.id,
              summary: `Edited authorized user ${before.email}`,
              changes,
            },
            trx,
          );
        }
      });
      return ok(toAuthorizedUserWire((await findUserById(db, before.id))!));
    },

    async authAuthorizedUserDelete(ctx) {
      const auth = caller(ctx);
      const row = await teamRow(db, auth, ctx.params.id);
      await db.transaction().execute(async (trx) => {
        // Sessions, links, permissions and notifications go with the user; the audit trail stays.
        await trx.deleteFrom('users').where('id', '=', row.id).execute();
        await recordAudit(
          services,
          actorOf(auth, ctx.ip),
          {
            kind: 'team',
            action: 'delete',
            subject: 'user',
            subjectId: row.id,
            summary: `Removed authorized user ${row.email}`,
          },
          trx,
        );
      });
      return noContent();
    },

    async authInvitationAccept(ctx) {
      const { userId, passwordHash } = await consumeLinkWithPassword(services, ctx.body, 'invitation');
      const now = services.clock.now().toISOString();
      const updated = await db
        .updateTable('users')
        .set({ password_hash: passwordHash, is_active: true, last_password_change: now })
        .where('id', '=', userId)
        .where('deactivated_at', 'is', null)
        .where('manager_id', 'is not', null)
        .returning(['id', 'email', 'manager_id'])
        .executeTakeFirst();
      if (!updated)
        throw new ApiError(400, {
          token: ['This invitation has been withdrawn. Ask the account owner for a new one.'],
        });
      await recordAudit(
        services,
        { accountId: updated.manager_id!, userId: updated.id, email: updated.email, ip: ctx.ip },
        {
          kind: 'team',
          action: 'accept',
          subject: 'user',
          subjectId: updated.id,
          summary: `${updated.email} accepted the invitation`,
        },
      );
      return noContent();
    },
  };
}
