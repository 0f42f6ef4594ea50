import type { FastifyBaseLogger } from 'fastify';

/** A service the server needs and cannot reach right now (not a bug, not the caller's fault). */
export type Dependency = 'database' | 'redis' | 'storage';

/** What a user is told (503 `detail`, an export's error), in plain words. */
const PLAIN: Record<Dependency, string> = {
  database:
    'The service is briefly unavailable (its database cannot be reached). Nothing was saved; please try again in a few seconds.',
  redis: 'The service is briefly unavailable. Nothing was saved; please try again in a few seconds.',
  storage:
    'The file store cannot be reached right now, so files cannot be saved or read. Please try again in a minute.',
};

/** Seconds a client is asked to wait (`Retry-After`): a database restarts in seconds, a store may take longer. */
const RETRY_AFTER: Record<Dependency, number> = { database: 5, redis: 5, storage: 30 };

/**
 * The one error an outage becomes, wherever it is met: the pg pool and its queries (db/connect.ts),
 * the object store (plugins/s3-storage.ts) and Redis (limits/redis.ts) wrap what they cannot reach
 * in it, with the original as `cause`. The error handler answers it 503 with `Retry-After`, the job
 * queue retries it without spending an attempt, and neither shows the cause to a user.
 */
export class DependencyUnavailable extends Error {
  override readonly name = 'DependencyUnavailable';
  constructor(
    readonly dependency: Dependency,
    cause: unknown,
  ) {
    super(PLAIN[dependency], { cause });
  }

  /** The plain message for people. */
  get detail(): string {
    return PLAIN[this.dependency];
  }

  get retryAfterSeconds(): number {
    return RETRY_AFTER[this.dependency];
  }

  /** The cause in one line, for logs and /readyz (never for users). */
  get reason(): string {
    return causeText(this.cause);
  }
}

function causeText(cause: unknown): string {
  if (cause instanceof AggregateError && cause.errors.length) return causeText(cause.errors[0]);
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' && !cause.message.includes(code) ? `${code}: ${cause.message}` : cause.message;
  }
  return String(cause);
}

/** The outage behind an error, looking through `cause` chains (a zip whose entry failed, a wrapped stream error). */
export function outageOf(error: unknown): DependencyUnavailable | undefined {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e instanceof Error && !seen.has(e)) {
    if (e instanceof DependencyUnavailable) return e;
    seen.add(e);
    e = e.cause;
  }
  return undefined;
}

/** Network failures: nothing answered, the connection broke, or it went silent. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** A network-level failure (by its code, or the first of an AggregateError from a dual-stack connect). */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof AggregateError) return error.errors.some(isNetworkError);
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (typeof code === 'string' && NETWORK_CODES.has(code)) || error.name === 'TimeoutError';
}

/**
 * Writes an outage to the log at warn once, then at most every `everyMs` per dependency with the
 * number of failures since: a database restart under load fails hundreds of requests, and one line
 * with the cause says as much as hundreds would.
 */
export class OutageLog {
  readonly #last = new Map<Dependency, { at: number; since: number }>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly everyMs = 10_000,
  ) {}

  note(outage: DependencyUnavailable, context: Record<string, unknown> = {}): void {
    const now = Date.now();
    const last = this.#last.get(outage.dependency);
    if (last && now - last.at < this.everyMs) {
      last.since++;
      return;
    }
    this.#last.set(outage.dependency, { at: now, since: 0 });
    this.log.warn(
      { dependency: outage.dependency, cause: outage.reason, failedSinceLastLine: last?.since ?? 0, ...context },
      `${outage.dependency} unavailable: answering 503 with Retry-After`,
    );
  }
}
