import { caller, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { revokeToken, sessionExpiry } from './sessions.js';
import { signIn } from './sign-in.js';

export function sessionHandlers(services: Services): HandlerMap {
  return {
    async authTokenLogin(ctx) {
      const issued = await signIn(services, ctx.ip, ctx.req.headers['user-agent'], ctx.body);
      return ok({ auth_token: issued.token, expires_at: issued.expiresAt.toISOString() });
    },

    async authTokenLogout(ctx) {
      await revokeToken(services, caller(ctx).tokenId);
      return noContent();
    },

    async authCheckToken(ctx) {
      const expiresAt = await sessionExpiry(services, caller(ctx).tokenId);
      return ok({ valid: true as const, expires_at: expiresAt });
    },
  };
}
