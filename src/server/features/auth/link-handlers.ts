import { noContent, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { activateAccount, resendActivation, resetPassword, sendPasswordReset } from './link-changes.js';

/** The e-mailed links; the asks always answer 204, so the answer never tells whether an address has an account. */
export function linkHandlers(services: Services): HandlerMap {
  return {
    async authActivation(ctx) {
      await activateAccount(services, ctx.body.uid, ctx.body.token);
      return noContent();
    },

    async authResendActivation(ctx) {
      await resendActivation(services, ctx.body.email);
      return noContent();
    },

    async authResetPassword(ctx) {
      await sendPasswordReset(services, ctx.body.email);
      return noContent();
    },

    async authResetPasswordConfirm(ctx) {
      await resetPassword(services, ctx.body);
      return noContent();
    },
  };
}
