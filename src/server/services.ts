import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Clock } from './clock.js';
import type { Db } from './db/connect.js';
import type { Mailer } from './plugins/mail.js';
import type { SecretBox } from './plugins/secret-box.js';
import type { Storage } from './plugins/storage.js';
import type { SchemaRegistry } from './routing/schema-registry.js';
import type { JobQueue } from './jobs/queue.js';
import type { PdfCache } from './pdf/pdf-cache.js';
import type { PrintImages } from './pdf/print-images.js';
import type { PdfPrinter } from './pdf/printer.js';
import type { LiveHub } from './features/notifications/live.js';
import type { SharedRedis } from './limits/redis.js';

/** What every feature is built from. Passed explicitly: no globals, easy to fake in tests. */
export interface Services {
  config: Config;
  db: Db;
  clock: Clock;
  mail: Mailer;
  storage: Storage;
  schemas: SchemaRegistry;
  /** Encrypts what the server must read back (two-factor keys) with the server key. */
  secrets: SecretBox;
  log: FastifyBaseLogger;
  /** The durable job queue (src/server/jobs/): enqueue in your transaction, register handlers by queue name. */
  jobs: JobQueue;
  /** Models to PDF through Typst templates, in this process's compiler thread (src/server/pdf/). */
  printer: PdfPrinter;
  /** PDFs made before, by what they are made of (PDF_CACHE_MB). */
  pdfCache: PdfCache;
  /** Stored images as printed, by storage key (PRINT_IMAGE_CACHE_MB). */
  printImages: PrintImages;
  /** "User U has news" across processes: what the notification stream listens to (features/notifications/live.ts). */
  live: LiveHub;
  /** The shared Redis (REDIS_URL): counters of limits/limiter.ts; undefined on one node. */
  redis?: SharedRedis;
}
