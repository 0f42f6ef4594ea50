import path from 'node:path';
import { PRODUCTION_PASSWORD_COST, type PasswordCost } from './features/auth/passwords.js';
import { ConfigError, count, flag, hours, int, seconds, trustedProxies } from './config-values.js';
import { DEFAULT_PREPARED_STATEMENTS } from './db/pg-named-statements.js';

export interface Config {
  port: number;
  host: string;
  /** Folder for the SQLite file, the outbox and stored files. */
  dataDir: string;
  /** PostgreSQL when set; the embedded SQLite file otherwise. */
  databaseUrl?: string;
  /** PostgreSQL: how long a query waits for a connection before it answers 503 (the database away, or the pool full). */
  databaseConnectTimeoutMs: number;
  /** Named statements each PostgreSQL connection keeps (PG_PREPARED_STATEMENTS; 0: none). */
  pgPreparedStatements: number;
  /** Redis when set (several nodes): sign-in and API counters live there instead of the database. */
  redisUrl?: string;
  /** Starts every Redis key, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  /** A Redis command (or connection) silent this long has failed: the limiters count in the database meanwhile. */
  redisTimeoutMs: number;
  /** Object storage when set (s3://bucket[/prefix]); files under DATA_DIR/files otherwise. */
  storageUrl?: string;
  /**
   * S3_ENDPOINT (an S3-compatible server), S3_REGION, and the keys AWS_ACCESS_KEY_ID /
   * AWS_SECRET_ACCESS_KEY (unset: the SDK's own chain, e.g. an instance role).
   */
  s3: { endpoint?: string; region: string; credentials?: { accessKeyId: string; secretAccessKey: string } };
  /**
   * STORAGE_TIMEOUT_SECONDS: an object-store connection not made, or a call silent (no byte sent or
   * received), this long has failed; a call is tried twice, so an unreachable store answers within
   * about twice this (503).
   */
  storageTimeoutMs: number;
  /** SMTP when set (smtp://user:pass@host:port); .eml files in DATA_DIR/outbox otherwise. */
  smtpUrl?: string;
  /** The address people reach the portal at, for links in mails. */
  publicUrl: string;
  /** Seed demo accounts into an empty database. */
  demo: boolean;
  production: boolean;
  /** Fastify's request lines at info ("full"), or one line per request at debug ("brief", npm start's default). */
  logRequests: 'full' | 'brief';
  logLevel: string;
  /** Where the built client lives; served with history fallback when present. */
  clientDir: string;
  /** Sender of every mail. */
  mailFrom: string;
  /**
   * TRUST_PROXY: the reverse proxies in front (a number of hops, or their addresses and CIDR
   * ranges); false: none. The client's address is the first X-Forwarded-For hop, counted from the
   * right, that is not one of them, never a value further left that the client wrote itself.
   */
  trustProxy: false | number | string[];
  /** Background jobs (sends, later webhooks): this process runs a worker. */
  jobs: {
    worker: boolean;
    leaseMs: number;
    pollMs: number;
    concurrency: number;
    perAccount: number;
    /** JOB_OUTAGE_RETRY_HOURS: attempts an outage fails do not count for this long after a job is queued. */
    outageRetryMs: number;
  };
  /** Printed PDFs kept for repeat downloads of an unchanged document (bytes; 0: none). */
  pdfCacheBytes: number;
  /** Print-size renditions of stored images kept per process (PRINT_IMAGE_CACHE_MB; 0: none). */
  printImageCacheBytes: number;
  /** init-facts-info answers kept per process, least recently used out first (INIT_INFO_CACHE_MB; 0: none). */
  initInfoCacheBytes: number;
  /** Documents whose layout the Typst compiler's memo keeps (PDF_MEMO_PRINTS). */
  pdfMemoPrints: number;
  /** Printed documents and made photos after which freed native memory is handed back (MEMORY_TRIM_EVERY; 0: only once idle; memory/trimmer.ts). */
  memoryTrimEvery: number;
  /** SQLite's WAL checkpoints (SQLITE_CHECKPOINT_IDLE_SECONDS, SQLITE_WAL_AUTOCHECKPOINT_PAGES; db/sqlite-checkpoints.ts). */
  sqliteCheckpoints: { idleMs: number; autocheckpointPages: number };
  /** SECRET_KEY: encrypts the two-factor keys at rest; unset: generated into DATA_DIR/secret.key. */
  secretKey?: string;
  /**
   * The notification stream: how long one stream is held before the server ends it (the browser
   * opens another; 0: answer the current state and end, as a poll) and how often it is pinged.
   */
  notifications: { streamMs: number; heartbeatMs: number };
  /** The partner API: calls one key may make per minute (API_KEY_CALLS_PER_MINUTE). */
  apiKeyCallsPerMinute: number;
  /**
   * Webhook deliveries: private, local and reserved receivers allowed (WEBHOOK_ALLOW_PRIVATE, never
   * in production), one attempt's time limit, and the consecutive failed attempts after which an
   * endpoint is paused and its owner told.
   */
  webhooks: { allowPrivate: boolean; timeoutMs: number; pauseAfter: number };
  /**
   * STEP_UP_MINUTES: how long a fresh proof (the password at sign-in, or the password or
   * two-factor code asked again) lets a session make sensitive changes (features/auth/step-up.ts).
   */
  stepUpMs: number;
  /**
   * argon2id's cost for new password hashes (PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_PASSES):
   * OWASP's minimum unless lowered, which only the tests do and a production start refuses.
   */
  passwordCost: PasswordCost;
}

export { ConfigError } from './config-values.js';

/** The service URLs' forms: a wrong scheme stops the start before anything connects. */
function checkServiceUrls(env: NodeJS.ProcessEnv): void {
  if (env.DATABASE_URL && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL))
    throw new ConfigError('DATABASE_URL must be a postgres:// URL');
  if (env.REDIS_URL && !/^rediss?:\/\//.test(env.REDIS_URL))
    throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL');
  if (env.STORAGE_URL && !/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/.test(env.STORAGE_URL))
    throw new ConfigError('STORAGE_URL must be s3://bucket or s3://bucket/prefix');
  if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL))
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
}

/** The password hashing cost: lowered only for tests, never in production. */
function passwordCostOf(env: NodeJS.ProcessEnv, production: boolean): Config['passwordCost'] {
  const passwordCost = {
    memoryKib: count(
      'PASSWORD_HASH_MEMORY_KIB',
      env.PASSWORD_HASH_MEMORY_KIB,
      PRODUCTION_PASSWORD_COST.memoryKib,
      4_194_304,
    ),
    passes: count('PASSWORD_HASH_PASSES', env.PASSWORD_HASH_PASSES, PRODUCTION_PASSWORD_COST.passes, 100),
  };
  if (passwordCost.memoryKib < 8)
    throw new ConfigError("PASSWORD_HASH_MEMORY_KIB must be at least 8 (argon2's minimum)");
  if (
    production &&
    (passwordCost.memoryKib < PRODUCTION_PASSWORD_COST.memoryKib ||
      passwordCost.passes < PRODUCTION_PASSWORD_COST.passes)
  )
    throw new ConfigError(
      `PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_PASSES lower the password hashing cost for tests: with NODE_ENV=production they must be at least ${PRODUCTION_PASSWORD_COST.memoryKib} and ${PRODUCTION_PASSWORD_COST.passes}`,
    );
  return passwordCost;
}

type ServiceSettings =
  | 'databaseUrl'
  | 'databaseConnectTimeoutMs'
  | 'pgPreparedStatements'
  | 'redisUrl'
  | 'redisPrefix'
  | 'redisTimeoutMs'
  | 'storageUrl'
  | 's3'
  | 'storageTimeoutMs'
  | 'smtpUrl';

/** Where the database, Redis, the object store and the mail server are, and how long to wait for them. */
function servicesOf(env: NodeJS.ProcessEnv): Pick<Config, ServiceSettings> {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    databaseConnectTimeoutMs: seconds(
      'DATABASE_CONNECT_TIMEOUT_SECONDS',
      env.DATABASE_CONNECT_TIMEOUT_SECONDS,
      10_000,
      300,
    ),
    pgPreparedStatements:
      env.PG_PREPARED_STATEMENTS === '0'
        ? 0
        : count('PG_PREPARED_STATEMENTS', env.PG_PREPARED_STATEMENTS, DEFAULT_PREPARED_STATEMENTS, 10_000),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'ananas:',
    redisTimeoutMs: seconds('REDIS_TIMEOUT_SECONDS', env.REDIS_TIMEOUT_SECONDS, 1_000, 60),
    storageUrl: env.STORAGE_URL || undefined,
    s3: {
      endpoint: env.S3_ENDPOINT || undefined,
      region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
      credentials:
        env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
          ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY }
          : undefined,
    },
    storageTimeoutMs: seconds('STORAGE_TIMEOUT_SECONDS', env.STORAGE_TIMEOUT_SECONDS, 5_000, 300),
    smtpUrl: env.SMTP_URL || undefined,
  };
}

/** The background job worker: leases, polling and slots. */
function jobsOf(env: NodeJS.ProcessEnv): Config['jobs'] {
  return {
    worker: flag(env.JOB_WORKER, true),
    leaseMs: seconds('JOB_LEASE_SECONDS', env.JOB_LEASE_SECONDS, 60_000),
    pollMs: seconds('JOB_POLL_SECONDS', env.JOB_POLL_SECONDS, 3_000),
    concurrency: count('JOB_CONCURRENCY', env.JOB_CONCURRENCY, 2, 16),
    perAccount: count('JOB_ACCOUNT_CONCURRENCY', env.JOB_ACCOUNT_CONCURRENCY, 1, 16),
    outageRetryMs: hours('JOB_OUTAGE_RETRY_HOURS', env.JOB_OUTAGE_RETRY_HOURS, 24, 24 * 30),
  };
}

type CacheSettings =
  | 'pdfCacheBytes'
  | 'pdfMemoPrints'
  | 'memoryTrimEvery'
  | 'sqliteCheckpoints'
  | 'printImageCacheBytes'
  | 'initInfoCacheBytes';

/** The memory the PDF and image caches may hold, and when SQLite checkpoints its log. */
function cachesOf(env: NodeJS.ProcessEnv): Pick<Config, CacheSettings> {
  return {
    pdfCacheBytes: env.PDF_CACHE_MB === '0' ? 0 : count('PDF_CACHE_MB', env.PDF_CACHE_MB, 64, 4_096) * 1_048_576,
    pdfMemoPrints: count('PDF_MEMO_PRINTS', env.PDF_MEMO_PRINTS, 2, 16),
    memoryTrimEvery: env.MEMORY_TRIM_EVERY === '0' ? 0 : count('MEMORY_TRIM_EVERY', env.MEMORY_TRIM_EVERY, 20, 10_000),
    sqliteCheckpoints: {
      idleMs:
        env.SQLITE_CHECKPOINT_IDLE_SECONDS === '0'
          ? 0
          : seconds('SQLITE_CHECKPOINT_IDLE_SECONDS', env.SQLITE_CHECKPOINT_IDLE_SECONDS, 200, 3_600),
      autocheckpointPages: count(
        'SQLITE_WAL_AUTOCHECKPOINT_PAGES',
        env.SQLITE_WAL_AUTOCHECKPOINT_PAGES,
        10_000,
        1_000_000,
      ),
    },
    printImageCacheBytes:
      env.PRINT_IMAGE_CACHE_MB === '0'
        ? 0
        : count('PRINT_IMAGE_CACHE_MB', env.PRINT_IMAGE_CACHE_MB, 16, 1_024) * 1_048_576,
    initInfoCacheBytes:
      env.INIT_INFO_CACHE_MB === '0' ? 0 : count('INIT_INFO_CACHE_MB', env.INIT_INFO_CACHE_MB, 64, 4_096) * 1_048_576,
  };
}

/** Typed configuration from the environment; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const production = env.NODE_ENV === 'production';
  const port = int('PORT', env.PORT, 8000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(publicUrl))
    throw new ConfigError(`PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`);
  checkServiceUrls(env);
  const allowPrivateHooks = flag(env.WEBHOOK_ALLOW_PRIVATE, false);
  if (production && allowPrivateHooks)
    throw new ConfigError(
      'WEBHOOK_ALLOW_PRIVATE is for development and tests: it cannot be set with NODE_ENV=production',
    );
  const passwordCost = passwordCostOf(env, production);
  if (env.LOG_REQUESTS && !['full', 'brief'].includes(env.LOG_REQUESTS))
    throw new ConfigError(`LOG_REQUESTS must be full or brief, got "${env.LOG_REQUESTS}"`);
  if (env.SECRET_KEY && env.SECRET_KEY.length < 32)
    throw new ConfigError('SECRET_KEY must be at least 32 characters (e.g. openssl rand -base64 32)');
  return {
    port,
    // Demo accounts have well-known passwords: a demo start answers this machine only unless
    // HOST says otherwise.
    host: env.HOST || (!production && flag(env.ANANAS_DEMO, true) ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(cwd, env.DATA_DIR ?? 'data'),
    ...servicesOf(env),
    publicUrl,
    demo: !production && flag(env.ANANAS_DEMO, true),
    production,
    logRequests: env.LOG_REQUESTS === 'brief' ? 'brief' : 'full',
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'info'),
    clientDir: path.resolve(cwd, env.CLIENT_DIR ?? 'dist/client'),
    mailFrom: env.MAIL_FROM ?? 'Ananas <no-reply@ananas.local>',
    trustProxy: trustedProxies(env.TRUST_PROXY),
    jobs: jobsOf(env),
    ...cachesOf(env),
    secretKey: env.SECRET_KEY || undefined,
    notifications: {
      streamMs:
        env.NOTIFY_STREAM_SECONDS === '0' ? 0 : seconds('NOTIFY_STREAM_SECONDS', env.NOTIFY_STREAM_SECONDS, 300_000),
      heartbeatMs: seconds('NOTIFY_HEARTBEAT_SECONDS', env.NOTIFY_HEARTBEAT_SECONDS, 15_000, 300),
    },
    apiKeyCallsPerMinute: count('API_KEY_CALLS_PER_MINUTE', env.API_KEY_CALLS_PER_MINUTE, 120, 1_000_000),
    webhooks: {
      allowPrivate: allowPrivateHooks,
      timeoutMs: seconds('WEBHOOK_TIMEOUT_SECONDS', env.WEBHOOK_TIMEOUT_SECONDS, 10_000, 60),
      pauseAfter: count('WEBHOOK_PAUSE_AFTER', env.WEBHOOK_PAUSE_AFTER, 24, 1_000),
    },
    stepUpMs: count('STEP_UP_MINUTES', env.STEP_UP_MINUTES, 10, 1_440) * 60_000,
    passwordCost,
  };
}
