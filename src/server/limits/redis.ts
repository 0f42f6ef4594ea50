import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** The shared Redis of a multi-node setup: counters and readiness. Keys all start with `prefix`. */
export interface SharedRedis {
  client: Redis;
  prefix: string;
  /**
   * Whether to send Redis anything now: connected, and no command has failed in the last moment.
   * While false the limiters count in the database instead (limits/limiter.ts).
   */
  usable(): boolean;
  /** A command failed (Redis away or frozen): skip it for a moment, and say so in the log once. */
  failed(cause: unknown): void;
  /** A command answered: if Redis was away, say it is back (a frozen Redis resumes on the same connection). */
  answered(): void;
  /** Resolves once connected, or at the first failed attempt or after `ms`, whichever comes first (start-up). */
  connected(ms: number): Promise<void>;
  /** Where the outage and the return are written (silent until set). */
  watch(log: FastifyBaseLogger): void;
  /** The /readyz line: 'ok', or why Redis is not used right now. */
  state(): Promise<string>;
  close(): Promise<void>;
}

/** After a failed command, Redis is left alone this long before it is tried again. */
const PAUSE_MS = 1_000;

/**
 * One connection per process. Nothing ever waits for Redis: commands are not queued while it is
 * away (`enableOfflineQueue: false`, they fail at once), a silent one fails after `timeoutMs`, and
 * ioredis reconnects by itself every half second at most, so the counters are back in Redis
 * within about a second of its return.
 */
export function connectRedis(url: string, prefix: string, timeoutMs = 1_000): SharedRedis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: timeoutMs,
    connectTimeout: timeoutMs,
    retryStrategy: (times) => Math.min(50 * times, 500),
  });
  let log: FastifyBaseLogger | undefined;
  let pausedUntil = 0;
  let down: string | undefined;
  let closing = false;
  // Reconnects are ioredis's own; an error event without a listener would crash the process.
  client.on('error', (e: Error) => note(e));
  // A killed Redis closes the socket cleanly, and the first failed reconnect may come after the
  // requests in between have already been counted in the database: the outage is said when the
  // connection drops, not when something next fails.
  client.on('close', () => {
    if (!closing) note(new Error('connection closed'));
  });
  const back = () => {
    if (down === undefined) return;
    down = undefined;
    pausedUntil = 0;
    log?.info('Redis is back: limits are counted in Redis again');
  };
  client.on('ready', back);
  const note = (cause: unknown) => {
    const why = cause instanceof Error ? cause.message : String(cause);
    if (down !== undefined) return;
    down = why;
    log?.warn({ cause: why }, 'Redis unavailable: limits are counted in the database until it is back');
  };
  return {
    client,
    prefix,
    usable: () => client.status === 'ready' && Date.now() >= pausedUntil,
    failed(cause) {
      pausedUntil = Date.now() + PAUSE_MS;
      note(cause);
    },
    answered: back,
    connected(ms) {
      if (client.status === 'ready') return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          client.off('ready', done).off('error', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        client.once('ready', done).once('error', done);
      });
    },
    watch(logger) {
      log = logger;
    },
    async state() {
      if (client.status !== 'ready')
        return `unavailable (${down ?? client.status}); limits are counted in the database`;
      try {
        await client.ping();
        back();
        return 'ok';
      } catch (e) {
        this.failed(e);
        return `unavailable (${e instanceof Error ? e.message : String(e)}); limits are counted in the database`;
      }
    },
    async close() {
      closing = true;
      await client.quit().catch(() => client.disconnect());
    },
  };
}
