import { ApiError, fieldError, forbidden, notFound } from '../../plugins/errors.js';
import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import type { ProfileUpdateWire, RegisterRequestWire, UserWire } from '../../../shared/generated/wire-types.js';
import type { AuthContext } from '../../routing/auth-context.js';
import { prepared } from '../../db/prepared.js';
import { onUnique, retryOnUnique } from '../../db/unique.js';
import { createLink } from './links.js';
import { activationMail, invitationMail } from './mails.js';
import { hashPassword, passwordProblems, verifyPassword } from './passwords.js';
import { revokeUserTokens } from './sessions.js';
import { actorOf, recordAudit } from '../audit/index.js';
import {
  EMAIL_TAKEN,
  USERNAME_TAKEN,
  findUserByEmail,
  findUserById,
  freeUsername,
  normaliseEmail,
  toUserWire,
  usernameTaken,
  type UserRow,
} from './users.js';

const byId = new WeakMap<Services, (id: number) => Promise<UserRow[]>>();

async function me(services: Services, auth: AuthContext): Promise<UserRow> {
  let find = byId.get(services);
  if (!find) {
    find = prepared(services.db.kysely, (k, id: number) => k.selectFrom('users').selectAll().where('id', '=', id), [0]);
    byId.set(services, find);
  }
  const [user] = await find(auth.user.id);
  if (!user) throw notFound();
  return user;
}

async function checkCurrentPassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.password_hash, password))) throw fieldError('current_password', 'Invalid password.');
}

function checkNewPassword(field: string, password: string, personal: (string | undefined)[]): void {
  const problems = passwordProblems(password, personal);
  if (problems.length) throw new ApiError(400, { [field]: problems });
}

/** Who a sign-up with `manager` may be: only the signed-in owner naming its own id. */
function managerFor(body: RegisterRequestWire, auth: AuthContext | null): AuthContext | undefined {
  if (body.manager === undefined) return undefined;
  if (!auth || !auth.isOwner || auth.user.id !== body.manager) {
    throw forbidden('Only an account owner may add authorized users, and only to their own account.');
  }
  if (body.account_type !== undefined && body.account_type !== auth.user.accountType) {
    throw fieldError('account_type', 'An authorized user has the account type of its owner.');
  }
  return auth;
}

/** Change the editable profile fields the body carries (the rest of the user record is read-only here). */
async function updateProfile(services: Services, auth: AuthContext, body: ProfileUpdateWire): Promise<UserWire> {
  const db = services.db.kysely;
  const user = await me(services, auth);
  if (body.username && (await usernameTaken(db, body.username, user.id))) throw fieldError('username', USERNAME_TAKEN);
  // The check answers the usual case; the unique constraint decides a race.
  await onUnique(() => db.updateTable('users').set(body).where('id', '=', user.id).execute(), {
    username: () => fieldError('username', USERNAME_TAKEN),
  });
  return toUserWire((await findUserById(db, user.id))!);
}

/**
 * What a sign-up's company name and country start: the settings feature's company details. Handed
 * in by features/index.ts rather than imported, because settings sits above auth (it reads accounts).
 */
export type StartCompanyDetails = (
  services: Services,
  accountId: number,
  fields: { company?: string; country?: string },
) => Promise<void>;

export function accountHandlers(services: Services, startCompanyDetails: StartCompanyDetails): HandlerMap {
  const db = services.db.kysely;
  return {
    async authRegister(ctx) {
      const body = ctx.body;
      const owner = managerFor(body, ctx.auth);
      if (body.password !== body.re_password) throw fieldError('re_password', "The two password fields didn't match.");
      checkNewPassword('password', body.password, [body.email, body.first_name, body.last_name, body.username]);
      const email = normaliseEmail(body.email);
      if (await findUserByEmail(db, email)) throw fieldError('email', EMAIL_TAKEN);
      if (body.username && (await usernameTaken(db, body.username))) throw fieldError('username', USERNAME_TAKEN);
      const passwordHash = await hashPassword(body.password);
      // The checks above answer the usual case; the unique constraints decide a race between two sign-ups.
      const insert = async (attempt = 0) => {
        const username = body.username ?? (await freeUsername(db, email, attempt));
        return db
          .insertInto('users')
          .values({
            email,
            username,
            password_hash: passwordHash,
            // An authorized user has its owner's account type (djoser clients may leave it out).
            account_type: owner ? owner.user.accountType : body.account_type!,
            // An owner's quick invite may leave the names out (schema): the user fills them in later.
            first_name: body.first_name ?? '',
            last_name: body.last_name ?? '',
            phone: body.phone ?? '',
            title: body.title ?? '',
            country: body.country ?? '',
            language: body.language ?? 'en',
            manager_id: owner ? owner.user.id : null,
            is_active: false,
            genuine: false,
            premium_active: false,
            is_staff: false,
            last_password_change: services.clock.now().toISOString(),
            date_joined: services.clock.now().toISOString(),
            last_login: null,
            deactivated_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      };
      const inserted = await onUnique(() => (body.username ? insert() : retryOnUnique('username', insert)), {
        email: () => fieldError('email', EMAIL_TAKEN),
        username: () => fieldError('username', USERNAME_TAKEN),
      });
      const user = (await findUserById(db, inserted.id))!;
      const link = await createLink(services, user.id, 'activation');
      if (owner) {
        const ownerRow = await findUserById(db, owner.user.id);
        const ownerName = `${ownerRow?.first_name ?? ''} ${ownerRow?.last_name ?? ''}`.trim() || owner.user.email;
        await services.mail.send(invitationMail(user.email, user.first_name, ownerName, link));
      } else {
        await startCompanyDetails(services, user.id, { company: body.company, country: body.country });
        await services.mail.send(activationMail(user.email, user.first_name, link));
      }
      return created(toUserWire(user));
    },

    async authUsersMe(ctx) {
      return ok(toUserWire(await me(services, caller(ctx))));
    },

    async authProfileUpdate(ctx) {
      return ok(await updateProfile(services, caller(ctx), ctx.body));
    },

    // djoser's own profile calls, beside the spec's PATCH api/auth/profile/update.
    async authUsersMePut(ctx) {
      return ok(await updateProfile(services, caller(ctx), ctx.body));
    },

    async authUsersMePatch(ctx) {
      return ok(await updateProfile(services, caller(ctx), ctx.body));
    },

    async authSetPassword(ctx) {
      const auth = caller(ctx);
      const user = await me(services, auth);
      await checkCurrentPassword(user, ctx.body.current_password);
      if (ctx.body.new_password !== ctx.body.re_new_password) {
        throw fieldError('re_new_password', "The two password fields didn't match.");
      }
      checkNewPassword('new_password', ctx.body.new_password, [
        user.email,
        user.first_name,
        user.last_name,
        user.username,
      ]);
      await db
        .updateTable('users')
        .set({
          password_hash: await hashPassword(ctx.body.new_password),
          last_password_change: services.clock.now().toISOString(),
        })
        .where('id', '=', user.id)
        .execute();
      // Whoever knew the old password is signed out everywhere but here.
      await revokeUserTokens(services, user.id, auth.tokenId);
      await recordAudit(services, actorOf(auth, ctx.ip), {
        kind: 'account',
        action: 'password',
        subject: 'user',
        subjectId: user.id,
        summary: 'Changed the password (other sessions ended)',
      });
      return noContent();
    },

    async authSetEmail(ctx) {
      const auth = caller(ctx);
      const user = await me(services, auth);
      await checkCurrentPassword(user, ctx.body.current_password);
      const email = normaliseEmail(ctx.body.new_email);
      if (email !== normaliseEmail(ctx.body.re_new_email))
        throw fieldError('re_new_email', "The two email fields didn't match.");
      const other = await findUserByEmail(db, email);
      if (other && other.id !== user.id) throw fieldError('new_email', EMAIL_TAKEN);
      await onUnique(() => db.updateTable('users').set({ email }).where('id', '=', user.id).execute(), {
        email: () => fieldError('new_email', EMAIL_TAKEN),
      });
      if (email !== user.email) {
        await recordAudit(services, actorOf(auth, ctx.ip), {
          kind: 'account',
          action: 'email',
          subject: 'user',
          subjectId: user.id,
          summary: 'Changed the e-mail address',
          changes: [{ field: 'email', label: 'E-mail', from: user.email, to: email }],
        });
      }
      return noContent();
    },

    async authDeactivate(ctx) {
      const user = await me(services, caller(ctx));
      await checkCurrentPassword(user, ctx.body.current_password);
      // An owner closing the account closes it for its authorized users too.
      const ids = [user.id];
      if (user.manager_id === null) {
        const team = await db.selectFrom('users').select('id').where('manager_id', '=', user.id).execute();
        ids.push(...team.map((t) => t.id));
      }
      await db
        .updateTable('users')
        .set({ is_active: false, deactivated_at: services.clock.now().toISOString() })
        .where('id', 'in', ids)
        .execute();
      await db.deleteFrom('auth_tokens').where('user_id', 'in', ids).execute();
      return noContent();
    },
  };
}
