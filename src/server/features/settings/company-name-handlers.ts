import { appLimiter, type Limiter } from '../../limits/limiter.js';
import { ApiError } from '../../plugins/errors.js';
import { ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { companyNameTaken, NAME_CHECKS_PER_MINUTE } from './company-name.js';

const nameCheckLimiter = (services: Services): Limiter =>
  appLimiter(services, { name: 'company-name', points: NAME_CHECKS_PER_MINUTE, windowMs: 60_000 });

/** The sign-up's name check: public, yes or no only, limited per address. */
export function companyNameHandlers(services: Services): HandlerMap {
  return {
    async authCompanyNameTaken(ctx) {
      const decision = await nameCheckLimiter(services).consume(`address:${ctx.ip}`);
      if (!decision.allowed) {
        const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
        throw new ApiError(
          429,
          { detail: `Too many name checks. Try again in ${seconds} seconds.` },
          { 'retry-after': String(seconds) },
        );
      }
      return ok({ taken: await companyNameTaken(services, ctx.body.company) });
    },
  };
}
