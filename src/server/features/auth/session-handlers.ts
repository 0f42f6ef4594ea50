import { ApiError, throttled } from '../../plugins/errors.js';
import { caller, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { bool } from '../../db/tables.js';
import { decoyHash, verifyPassword } from './passwords.js';
import { issueToken, revokeToken } from './sessions.js';
import { clearSlots, releaseSlot, takeSlots } from './throttle.js';
import { findUserByEmail, normaliseEmail } from './users.js';

const BAD_CREDENTIALS = 'Unable to log in with provided credentials.';

export function sessionHandlers(services: Services): HandlerMap {
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
      const user = await findUserByEmail(services.db.kysely, email);
      const valid = await verifyPassword(user?.password_hash ?? (await decoyHash()), ctx.body.password);
      if (!user || !valid) throw new ApiError(400, { non_field_errors: [BAD_CREDENTIALS] });
      if (!bool(user.is_active)) {
        const why = user.deactivated_at
          ? 'This account has been deactivated. Contact support to reopen it.'
          : 'This account is not active yet. Open the activation link we e-mailed you, or ask for a new one.';
        throw new ApiError(400, { non_field_errors: [why] });
      }
      await clearSlots(services, accountKey);
      await releaseSlot(services, addressKey);
      const issued = await issueToken(services, user.id, { ip: ctx.ip, userAgent: ctx.req.headers['user-agent'] });
      await services.db.kysely
        .updateTable('users')
        .set({ last_login: services.clock.now().toISOString() })
        .where('id', '=', user.id)
        .execute();
      return ok({ auth_token: issued.token, expires_at: issued.expiresAt.toISOString() });
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
