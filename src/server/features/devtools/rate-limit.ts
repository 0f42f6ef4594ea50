import type { Limiter } from '../../limits/limiter.js';

/**
 * The partner API's per-key rate limit, behind the smallest interface a shared (Redis or
 * database) limiter can also offer, so a multi-node deployment swaps the implementation only.
 */
export interface RateLimiter {
  /** Take one call for `key`: allowed, or refused with the seconds until one is free again. */
  take(key: string, now: number): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
}

/** The default: calls per key per minute. */
export const PARTNER_API_CALLS_PER_MINUTE = 120;

/**
 * A token bucket per key in this process's memory: `capacity` calls at once, refilled evenly over
 * `windowMs`. Per process: N nodes allow N times the limit until the shared limiter replaces it.
 */
export function memoryRateLimiter(capacity: number, windowMs = 60_000): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const perMs = capacity / windowMs;
  return {
    async take(key, now) {
      const b = buckets.get(key) ?? { tokens: capacity, at: now };
      b.tokens = Math.min(capacity, b.tokens + Math.max(0, now - b.at) * perMs);
      b.at = now;
      buckets.set(key, b);
      if (buckets.size > 100_000) buckets.clear(); // a bound on memory; a reset only forgives
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return { allowed: true };
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000)) };
    },
  };
}

/** The shared limiter (limits/limiter.ts: Redis with REDIS_URL, else the database) as the partner API's: exact across nodes. */
export function sharedRateLimiter(limiter: Limiter): RateLimiter {
  return {
    async take(key) {
      const d = await limiter.consume(key);
      return d.allowed
        ? { allowed: true }
        : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(d.retryAfterMs / 1000)) };
    },
  };
}
