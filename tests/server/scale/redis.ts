import { Redis } from 'ioredis';

const DEFAULT_REDIS = 'redis://127.0.0.1:6379';

/**
 * The Redis of the multi-node tests, or '' when none answers. Like PostgreSQL in the global
 * setup: REQUIRE_PG=1 (the CI) makes its absence a failure rather than a smaller run.
 */
export async function reachableRedis(): Promise<string> {
  const url = process.env.TEST_REDIS_URL ?? DEFAULT_REDIS;
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 2000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return url;
  } catch {
    if (process.env.REQUIRE_PG === '1') throw new Error(`REQUIRE_PG=1 but Redis is not reachable at ${url}`);
    return '';
  } finally {
    client.disconnect();
  }
}

/** A key prefix of its own per test run, so runs sharing one Redis never see each other's counters. */
export function uniquePrefix(): string {
  return `ananas-test:${process.pid}:${Math.random().toString(36).slice(2, 10)}:`;
}
