import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { Db } from '../db/connect.js';
import type { SharedRedis } from './redis.js';

/** What one attempt was told. */
export interface LimitDecision {
  allowed: boolean;
  /** Milliseconds until the window ends (0 when allowed and nothing is pending). */
  retryAfterMs: number;
  /** Attempts left in this window after this one (0 when refused). */
  remaining: number;
  /** When the current window ends. */
  resetsAt: Date;
}

/**
 * A fixed-window counter per key: at most `points` attempts per `windowMs`, exactly, however many
 * processes share the store. Build one per purpose (sign-in, partner API keys…) with a distinct name.
 */
export interface Limiter {
  readonly name: string;
  consume(key: string): Promise<LimitDecision>;
  /** Give one attempt back (a success that should not count). */
  reward(key: string): Promise<void>;
  /** Forget the key's window. */
  reset(key: string): Promise<void>;
}

export interface LimiterOptions {
  /** Namespaces the keys; two limiters with the same name share their counters. */
  name: string;
  points: number;
  windowMs: number;
}

export interface LimiterDeps {
  db: Db;
  clock: Clock;
  /** When set (REDIS_URL) the counters live in Redis; otherwise in the database. */
  redis?: SharedRedis;
}

const ofApp = new WeakMap<LimiterDeps, Map<string, Limiter>>();

/**
 * The app's limiter of this name, built on first use and kept with the app's services (`deps`),
 * so a feature asks for its limiter where it needs it instead of keeping one of its own.
 */
export function appLimiter(deps: LimiterDeps, options: LimiterOptions): Limiter {
  const byName = ofApp.get(deps) ?? new Map<string, Limiter>();
  ofApp.set(deps, byName);
  let limiter = byName.get(options.name);
  if (!limiter) {
    limiter = createLimiter({ db: deps.db, clock: deps.clock, redis: deps.redis }, options);
    byName.set(options.name, limiter);
  }
  return limiter;
}

/** The limiter factory: Redis when configured, the database otherwise; the same answers either way. */
export function createLimiter(deps: LimiterDeps, options: LimiterOptions): Limiter {
  const database = databaseLimiter(deps, options);
  return deps.redis ? withFallback(deps.redis, redisLimiter(deps.redis, options), database) : database;
}

/**
 * Redis while it answers, the database while it does not: an attempt is always counted, and a
 * request never fails (or waits) because Redis is away. rate-limiter-flexible's own
 * `insuranceLimiter` does this for its stores, but it needs one of them (the database counters here
 * are this module's, on the app's clock and both dialects) and it still sends every attempt to
 * Redis first; this skips Redis at once while it is known to be away (SharedRedis.usable).
 * Counts made in the database during an outage are not carried to Redis when it returns (as
 * with insuranceLimiter): at most one more window's worth of attempts per outage.
 */
function withFallback(redis: SharedRedis, primary: Limiter, fallback: Limiter): Limiter {
  const either = async <T>(work: (l: Limiter) => Promise<T>): Promise<T> => {
    if (redis.usable()) {
      try {
        const answer = await work(primary);
        redis.answered();
        return answer;
      } catch (e) {
        redis.failed(e);
      }
    }
    return work(fallback);
  };
  return {
    name: primary.name,
    consume: (key) => either((l) => l.consume(key)),
    reward: (key) => either((l) => l.reward(key)),
    async reset(key) {
      // Both: a success clears what an outage counted in the database too.
      await Promise.all([either((l) => (l === primary ? l.reset(key) : Promise.resolve())), fallback.reset(key)]);
    },
  };
}

/**
 * Counters in the `login_throttle` table (its name is older than this module; it now holds every
 * limiter's keys, prefixed by the limiter's name). One upsert per attempt on either dialect, so
 * parallel attempts from any number of processes are counted exactly.
 */
function databaseLimiter({ db, clock }: LimiterDeps, { name, points, windowMs }: LimiterOptions): Limiter {
  const full = (key: string) => `${name}:${key}`;
  return {
    name,
    async consume(key) {
      const now = clock.now();
      const cutoff = new Date(now.getTime() - windowMs).toISOString();
      const nowIso = now.toISOString();
      const result = await sql<{ attempts: number; window_start: string }>`
        insert into login_throttle (key, attempts, window_start) values (${full(key)}, 1, ${nowIso})
        on conflict (key) do update set
          attempts = case when login_throttle.window_start <= ${cutoff} then 1 else login_throttle.attempts + 1 end,
          window_start = case when login_throttle.window_start <= ${cutoff} then ${nowIso} else login_throttle.window_start end
        returning attempts, window_start`.execute(db.kysely);
      const row = result.rows[0]!;
      const attempts = Number(row.attempts);
      const resetsAt = new Date(Date.parse(row.window_start) + windowMs);
      const allowed = attempts <= points;
      return {
        allowed,
        remaining: Math.max(0, points - attempts),
        resetsAt,
        retryAfterMs: allowed ? 0 : resetsAt.getTime() - now.getTime(),
      };
    },
    async reward(key) {
      await db.kysely
        .updateTable('login_throttle')
        .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
        .where('key', '=', full(key))
        .where('attempts', '>', 0)
        .execute();
    },
    async reset(key) {
      await db.kysely.deleteFrom('login_throttle').where('key', '=', full(key)).execute();
    },
  };
}

/**
 * rate-limiter-flexible's Redis store: one Lua script per attempt (atomic INCR with the window's
 * expiry). Its clock is Redis's, not the app's, so fake clocks in tests do not move it.
 */
function redisLimiter(redis: SharedRedis, { name, points, windowMs }: LimiterOptions): Limiter {
  const limiter = new RateLimiterRedis({
    storeClient: redis.client,
    keyPrefix: `${redis.prefix}limit:${name}`,
    points,
    duration: Math.ceil(windowMs / 1000),
  });
  return {
    name,
    async consume(key) {
      try {
        const res = await limiter.consume(key);
        return {
          allowed: true,
          remaining: res.remainingPoints,
          retryAfterMs: 0,
          resetsAt: new Date(Date.now() + res.msBeforeNext),
        };
      } catch (e) {
        // Over the limit is an answer, not an error; anything else (Redis away) is.
        if (!(e instanceof RateLimiterRes)) throw e;
        return {
          allowed: false,
          remaining: 0,
          retryAfterMs: e.msBeforeNext,
          resetsAt: new Date(Date.now() + e.msBeforeNext),
        };
      }
    },
    async reward(key) {
      await limiter.reward(key, 1);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
