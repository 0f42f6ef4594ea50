import { Redis } from 'ioredis';

/** The shared Redis of a multi-node setup: counters and readiness. Keys all start with `prefix`. */
export interface SharedRedis {
  client: Redis;
  prefix: string;
  close(): Promise<void>;
}

/**
 * One connection per process. Commands wait for a (re)connection but give up after two retries,
 * so a sign-in answers an error instead of hanging while Redis is away.
 */
export function connectRedis(url: string, prefix: string): SharedRedis {
  const client = new Redis(url, { maxRetriesPerRequest: 2 });
  // Reconnects are ioredis's own; an error event without a listener would crash the process.
  client.on('error', () => undefined);
  return {
    client,
    prefix,
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
