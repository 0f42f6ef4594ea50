import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import path from 'node:path';
import bundleJson from '../shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../shared/bundle-types.js';
import type { Config } from './config.js';
import { systemClock, type Clock } from './clock.js';
import { openDatabase, type Db } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { logImpossibleDates } from './db/impossible-dates.js';
import { registerErrorHandler } from './plugins/errors.js';
import { createMailer, type Mailer } from './plugins/mail.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { registerClient } from './plugins/client.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { registerWidgetScript } from './plugins/widget-script.js';
import { localStorage } from './plugins/storage.js';
import { createSecretBox, loadServerKey } from './plugins/secret-box.js';
import { startHousekeeping } from './housekeeping.js';
import { scheduleFreshnessReminders } from './features/next-steps/reminders.js';
import { scheduleHashBackfill } from './features/photos/index.js';
import multipart from '@fastify/multipart';
import { registryOf } from './routing/schema-registry.js';
import { registerRoutes } from './routing/register-routes.js';
import type { Services } from './services.js';
import { allHandlers } from './features/index.js';
import { JobQueue } from './jobs/queue.js';
import { createPdfCache } from './pdf/pdf-cache.js';
import { mallocTrim } from './memory/malloc-trim.js';
import { createTrimmer, type Trimmer } from './memory/trimmer.js';
import { reportNativeWorkTo } from './memory/native-work.js';
import { createPrintImages } from './pdf/print-images.js';
import { createPrinter, type PdfPrinter } from './pdf/printer.js';
import { LiveHub } from './features/notifications/live.js';
import { connectRedis } from './limits/redis.js';
import { s3Storage } from './plugins/s3-storage.js';
import { registerHealth } from './plugins/health.js';
import { redactUrl, requestSerializer } from './plugins/log-redaction.js';
import { setPasswordCost } from './features/auth/passwords.js';

/** Every logger the app builds writes request URLs with secret query values redacted. */
function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return { ...base, serializers: { ...base.serializers, req: requestSerializer as never } };
}

/** A server that stopped printing (or making photos) gives the freed memory back this long after the last. */
const TRIM_IDLE_MS = 1_000;

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface AppOptions {
  config: Config;
  /** An open database (tests); otherwise opened from the config. */
  db?: Db;
  clock?: Clock;
  mailer?: Mailer;
  /** Another schema bundle (the schema-promise test runs codegen into a temporary folder). */
  bundle?: SchemaBundle;
  logger?: FastifyServerOptions['logger'];
  /** Run the job worker in this process (default: config.jobs.worker; test apps drive jobs by hand). */
  worker?: boolean;
  /** Another PDF printer (tests that need none). */
  printer?: PdfPrinter;
}

export interface App {
  app: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

/** The Fastify instance: its logger, body limit, proxies and the address errors in our shape. */
function createFastify(config: Config, logger: AppOptions['logger']): FastifyInstance {
  const app = Fastify({
    logger: withRedaction(logger ?? { level: config.logLevel }),
    // npm start's two JSON lines per request (thousands in a walk through the portal) buried its
    // banner: with LOG_REQUESTS=brief, one short line per request at debug level instead (below).
    logController: new LogController({ disableRequestLogging: config.logRequests === 'brief' }),
    bodyLimit: 2 * 1024 * 1024,
    // A number of proxies: the socket's peer and the hops after it, counted from the right, are
    // theirs (proxy-addr's index 0 is the socket); the next one to the left is the client.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // A path that is not valid percent-encoding: a 400 in our error shape, not Fastify's.
    frameworkErrors: (_error, _req, reply) => {
      void (reply as FastifyReply).code(400).send({ detail: 'The address of the request is not valid.' });
    },
  });
  if (config.logRequests === 'brief')
    app.addHook('onResponse', async (request, reply) => {
      request.log.debug(
        `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
      );
    });
  return app;
}

/** The database, opened from the config unless given, and migrated; one this opened is closed again if migrating fails. */
async function openMigrated(options: AppOptions, log: FastifyBaseLogger): Promise<Db> {
  const { config } = options;
  const db =
    options.db ??
    openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      preparedStatements: config.pgPreparedStatements,
      checkpoints: config.sqliteCheckpoints,
    });
  db.watch?.(log);
  try {
    const applied = await migrateToLatest(db.kysely as never);
    await logImpossibleDates(db.kysely, applied, log);
  } catch (e) {
    if (!options.db) await db.close();
    throw e;
  }
  return db;
}

/** What every feature is given: the database, clock, mail, storage, schemas, jobs, printer, caches, Redis. */
async function createServices(
  options: AppOptions,
  db: Db,
  secrets: Services['secrets'],
  log: FastifyBaseLogger,
): Promise<{ services: Services; objects: ReturnType<typeof s3Storage> | undefined; trimmer: Trimmer }> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const redis = config.redisUrl ? connectRedis(config.redisUrl, config.redisPrefix, config.redisTimeoutMs) : undefined;
  redis?.watch(log);
  // Not a condition of starting: a node without Redis counts its limits in the database.
  await redis?.connected(config.redisTimeoutMs);
  const objects = config.storageUrl
    ? s3Storage({ url: config.storageUrl, ...config.s3, timeoutMs: config.storageTimeoutMs })
    : undefined;
  // Freed native memory handed back after prints and image work (memory/trimmer.ts).
  const trimmer = createTrimmer({ trim: mallocTrim(), every: config.memoryTrimEvery, idleMs: TRIM_IDLE_MS });
  reportNativeWorkTo(trimmer);
  const services: Services = {
    config,
    db,
    clock,
    mail:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log,
      }),
    storage: objects ?? localStorage(path.join(config.dataDir, 'files')),
    schemas: registryOf(options.bundle ?? (bundleJson as unknown as SchemaBundle)),
    secrets,
    log,
    jobs: new JobQueue({ db, clock, log, ...config.jobs }),
    printer: options.printer ?? createPrinter({ log, memoPrints: config.pdfMemoPrints }),
    pdfCache: createPdfCache(config.pdfCacheBytes),
    printImages: createPrintImages(config.printImageCacheBytes),
    live: new LiveHub(db, log),
    redis,
  };
  return { services, objects, trimmer };
}

/** Every plugin and route on the app; `accepting()` false (stopping) makes /readyz 503 and answers close their connection. */
async function registerAll(
  app: FastifyInstance,
  services: Services,
  storageCheck: ReturnType<typeof s3Storage>['check'] | undefined,
  accepting: () => boolean,
): Promise<void> {
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  // Limits are set per route (routes.json body.maxFileBytes); these are the outer bounds.
  await app.register(multipart, { limits: { fileSize: 25 * 1_048_576, files: 100, fields: 100, fieldSize: 100_000 } });
  registerHealth(app, services, { storage: storageCheck, accepting });
  // While stopping, an answer closes its connection: a kept-alive socket would otherwise hold
  // app.close() until the client lets it go (Fastify keeps idle sockets 72 s).
  // (A callback hook: an async one costs every answer a promise for a synchronous check.)
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!accepting()) reply.header('connection', 'close');
    done(null, payload);
  });
  const features = allHandlers(services);
  // In app.close(), after the last answer and before the database closes.
  app.addHook('onClose', () => features.close());
  registerRoutes(app, { services, ...features });
  registerApiDocs(app);
  registerWidgetScript(app);
  await registerClient(app, services.config.clientDir);
}

/** The job worker and what it schedules at start, in the processes that run one. */
async function startWorker(services: Services): Promise<void> {
  await services.jobs.start();
  // The day's freshness reminders: every server asks, the dedupe key makes it one job.
  await scheduleFreshnessReminders(services, services.clock.now());
  // Hashes for photos uploaded before look-alike detection (a walk in bounded batches; a no-op once done).
  await scheduleHashBackfill(services);
}

/** Build the whole app, migrated and with every route registered. Never listens. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const app = createFastify(config, options.logger);
  // Before the database opens: a missing SECRET_KEY where one is required stops the start here.
  const secrets = createSecretBox(loadServerKey(config));
  setPasswordCost(config.passwordCost);
  const db = await openMigrated(options, app.log);
  const { services, objects, trimmer } = await createServices(options, db, secrets, app.log);
  const stopHousekeeping = await startHousekeeping(services);
  let accepting = true;
  await registerAll(app, services, objects?.check, () => accepting);
  await app.ready();
  await services.live.start();
  if (options.worker ?? config.jobs.worker) await startWorker(services);
  return {
    app,
    services,
    /**
     * Graceful stop: /readyz turns 503 at once; job leases are handed back (another node resumes
     * them now, not when they lapse); open notification streams end (the browser reconnects to
     * another node); then Fastify refuses new connections and lets the requests in flight finish.
     */
    async close() {
      accepting = false;
      stopHousekeeping();
      const started = Date.now();
      const step = (done: string) => app.log.info({ ms: Date.now() - started }, `graceful stop: ${done}`);
      await services.jobs.stop();
      step('job leases handed back');
      // Open notification streams end first (an open stream would keep app.close() waiting).
      await services.live.stop();
      step('notification streams ended');
      await app.close();
      step('requests in flight finished');
      await services.printer.close();
      trimmer.close();
      step('printer stopped');
      await services.redis?.close();
      objects?.close();
      if (!options.db) await db.close();
    },
  };
}
