import type { HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { createKeyAuthenticate } from './key-auth.js';
import { keyHandlers } from './key-handlers.js';
import { sharedRateLimiter, type RateLimiter } from './rate-limit.js';
import { createLimiter } from '../../limits/limiter.js';
import { statisticsHandlers } from './statistics.js';
import { whitelistHandlers } from './whitelist-handlers.js';
import { createKeyCalls, type KeyCalls } from './key-calls.js';

export type { KeyCalls };

/** For the partner API's handlers: 403 unless the call's key holds a scope. */
export { requireScope, type Scope } from './key-auth.js';
export { entriesOf } from './whitelists.js';
export { originAllowed } from './addresses.js';
export { devtoolsPrechecks } from './prechecks.js';

/** The partner API's calls per key and day, counted as they come and written within a second. */
export function devtoolsKeyCalls(services: Services): KeyCalls {
  return createKeyCalls(services.db.kysely, services.log);
}

/** Developer tools: whitelists, API keys and the partner API's statistics (the API's answers: features/partner-api/). */
export function devtoolsHandlers(services: Services, calls: KeyCalls): HandlerMap {
  return { ...whitelistHandlers(services), ...keyHandlers(services, calls), ...statisticsHandlers(services, calls) };
}

/** The partner API's key check, its per-key rate counted by the shared limiter (exact across nodes). */
export function devtoolsKeyAuthenticate(
  services: Services,
  calls: KeyCalls,
  limiter: RateLimiter = sharedRateLimiter(
    createLimiter(
      { db: services.db, clock: services.clock, redis: services.redis },
      { name: 'api-key', points: services.config.apiKeyCallsPerMinute, windowMs: 60_000 },
    ),
  ),
) {
  return createKeyAuthenticate(services, limiter, calls);
}
