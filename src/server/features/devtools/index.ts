import type { HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { createKeyAuthenticate } from './key-auth.js';
import { keyHandlers } from './key-handlers.js';
import { sharedRateLimiter, type RateLimiter } from './rate-limit.js';
import { createLimiter } from '../../limits/limiter.js';
import { statisticsHandlers } from './statistics.js';
import { whitelistHandlers } from './whitelist-handlers.js';

/** For the partner API's handlers: 403 unless the call's key holds a scope. */
export { requireScope, type Scope } from './key-auth.js';
export { entriesOf } from './whitelists.js';
export { originAllowed } from './addresses.js';
export { devtoolsPrechecks } from './prechecks.js';

/** Developer tools: whitelists, API keys and the partner API's statistics (the API's answers: features/partner-api/). */
export function devtoolsHandlers(services: Services): HandlerMap {
  return { ...whitelistHandlers(services), ...keyHandlers(services), ...statisticsHandlers(services) };
}

/** The partner API's key check, its per-key rate counted by the shared limiter (exact across nodes). */
export function devtoolsKeyAuthenticate(
  services: Services,
  limiter: RateLimiter = sharedRateLimiter(
    createLimiter(
      { db: services.db, clock: services.clock, redis: services.redis },
      { name: 'api-key', points: services.config.apiKeyCallsPerMinute, windowMs: 60_000 },
    ),
  ),
) {
  return createKeyAuthenticate(services, limiter);
}
