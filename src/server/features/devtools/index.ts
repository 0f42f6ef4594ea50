import type { HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { createKeyAuthenticate } from './key-auth.js';
import { keyHandlers } from './keys.js';
import { partnerApiHandlers } from './partner-api.js';
import { memoryRateLimiter, type RateLimiter } from './rate-limit.js';
import { statisticsHandlers } from './statistics.js';
import { whitelistHandlers } from './whitelists.js';
import { webhookHandlers } from './webhooks.js';

/** Developer tools: whitelists, API keys, the partner API and its statistics. */
export function devtoolsHandlers(services: Services): HandlerMap {
  return { ...whitelistHandlers(services), ...keyHandlers(services), ...statisticsHandlers(services), ...partnerApiHandlers(services), ...webhookHandlers(services) };
}

/** The partner API's key check; the limiter is swappable for a shared one (several nodes). */
export function devtoolsKeyAuthenticate(services: Services, limiter: RateLimiter = memoryRateLimiter(services.config.apiKeyCallsPerMinute)) {
  return createKeyAuthenticate(services, limiter);
}
