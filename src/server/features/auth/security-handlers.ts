import { caller, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { sessionsList } from './sessions.js';
import { findTwoFactor } from './two-factor.js';
import { unusedRecoveryCodes } from './two-factor-store.js';
import {
  confirmTwoFactor,
  disableTwoFactor,
  endSession,
  enrolTwoFactor,
  regenerateRecoveryCodes,
} from './security-changes.js';

/** The signed-in user's own security: sessions and two-factor sign-in. */
export function securityHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  return {
    async authSessionsList(ctx) {
      const auth = caller(ctx);
      return ok(await sessionsList(services, auth.user.id, auth.tokenId));
    },

    async authSessionDelete(ctx) {
      await endSession(services, caller(ctx), ctx.ip, ctx.params.id);
      return noContent();
    },

    async authTwoFactorStatus(ctx) {
      const auth = caller(ctx);
      const row = await findTwoFactor(services, auth.user.id);
      const left = row?.enabled_at ? await unusedRecoveryCodes(db, auth.user.id) : 0;
      return ok({ enabled: !!row?.enabled_at, enabled_at: row?.enabled_at ?? null, recovery_codes_left: left });
    },

    async authTwoFactorEnrol(ctx) {
      return ok(await enrolTwoFactor(services, caller(ctx)));
    },

    async authTwoFactorConfirm(ctx) {
      return ok({ recovery_codes: await confirmTwoFactor(services, caller(ctx), ctx.ip, ctx.body.code) });
    },

    async authTwoFactorRecoveryCodes(ctx) {
      return ok({ recovery_codes: await regenerateRecoveryCodes(services, caller(ctx), ctx.ip) });
    },

    async authTwoFactorDisable(ctx) {
      await disableTwoFactor(services, caller(ctx), ctx.ip, ctx.body.current_password);
      return noContent();
    },
  };
}
