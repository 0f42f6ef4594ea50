import { ApiError, throttled } from '../../plugins/errors.js';
import { caller, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { bool } from '../../db/tables.js';
import { decoyHash, verifyPassword } from './passwords.js';
import { issueToken, revokeToken } from './sessions.js';
import { clearSlots, releaseSlot, takeSlots, unlessOutage } from './throttle.js';
import { checkSecondFactor, findTwoFactor, BAD_CODE, ENTER_CODE } from './two-factor.js';
import { findUserByEmail, normaliseEmail, type UserRow } from './users.js';
import { recordAudit } from '../audit/index.js';

const BAD_CREDENTIALS = 'Unable to log in with provided credentials.';

export function sessionHandlers(services: Services): HandlerMap {
  /** Sign-ins and failed sign-ins of an existing account go to that account's audit trail. */
  const audit = (user: UserRow, ip: string, action: 'success' | 'failure', summary: string) =>
    recordAudit(
      services,
      { accountId: user.manager_id ?? user.id, userId: user.id, email: user.email, ip },
      { kind: 'sign-in', action, subject: 'user', subjectId: user.id, summary },
    );

  return {
    async authTokenLogin(ctx) {
      const email = normaliseEmail(ctx.body.email);
      const accountKey = `account:${email}`;
      const addressKey = `address:${ctx.ip}`;
      // Both counters are taken before the password is looked at: a ban holds whatever is sent.
      const slots = await takeSlots(services, [accountKey, addressKey]);
      const refused = slots.filter((s) => !s.allowed);
      if (refused.length) {
        const endsAt = new Date(Math.max(...refused.map((s) => s.endsAt.getTime())));
        throw throttled(endsAt, services.clock.now());
      }
      // A sign-in the database (or Redis) failed is nobody's failure: its slots are given back.
      return unlessOutage(services, slots, async () => {
        const user = await findUserByEmail(services.db.kysely, email);
        const valid = await verifyPassword(user?.password_hash ?? (await decoyHash()), ctx.body.password);
        if (!user || !valid) {
          if (user) await audit(user, ctx.ip, 'failure', 'Failed sign-in: wrong password');
          throw new ApiError(400, { non_field_errors: [BAD_CREDENTIALS] });
        }
        if (!bool(user.is_active)) {
          const why = user.deactivated_at
            ? user.manager_id !== null
              ? 'Your access to this account has been turned off. Ask the account owner.'
              : 'This account has been deactivated. Contact support to reopen it.'
            : 'This account is not active yet. Open the activation link we e-mailed you, or ask for a new one.';
          await audit(user, ctx.ip, 'failure', 'Failed sign-in: the account is not active');
          throw new ApiError(400, { non_field_errors: [why] });
        }
        const twoFactor = await findTwoFactor(services, user.id);
        let summary = 'Signed in';
        if (twoFactor?.enabled_at) {
          // The password checked out: the attempt still counts for the account until a code does too,
          // but not for the address, so people behind one office address can sign in all day.
          const code = ctx.body.code?.trim();
          if (!code) {
            await releaseSlot(services, addressKey);
            throw new ApiError(400, { code: [ENTER_CODE], two_factor_required: true });
          }
          const used = await checkSecondFactor(services, twoFactor, code);
          if (!used) {
            await audit(user, ctx.ip, 'failure', 'Failed sign-in: wrong two-factor code');
            throw new ApiError(400, { code: [BAD_CODE], two_factor_required: true });
          }
          summary = used === 'recovery' ? 'Signed in with a recovery code' : 'Signed in with a two-factor code';
        }
        await clearSlots(services, accountKey);
        await releaseSlot(services, addressKey);
        const issued = await issueToken(services, user.id, {
          ip: ctx.ip,
          userAgent: ctx.req.headers['user-agent'],
          proved: true,
        });
        await services.db.kysely
          .updateTable('users')
          .set({ last_login: services.clock.now().toISOString() })
          .where('id', '=', user.id)
          .execute();
        await audit(user, ctx.ip, 'success', summary);
        return ok({ auth_token: issued.token, expires_at: issued.expiresAt.toISOString() });
      });
    },

    async authTokenLogout(ctx) {
      await revokeToken(services, caller(ctx).tokenId);
      return noContent();
    },

    async authCheckToken(ctx) {
      const row = await services.db.kysely
        .selectFrom('auth_tokens')
        .select('expires_at')
        .where('id', '=', caller(ctx).tokenId)
        .executeTakeFirstOrThrow();
      return ok({ valid: true as const, expires_at: row.expires_at });
    },
  };
}
