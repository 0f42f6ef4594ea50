import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { nativeWorkDone } from '../memory/native-work.js';
import { fontFiles } from './fonts.js';
import type { CompileReply, CompileRequest, TemplateName, WorkerSetup } from './typst-protocol.js';

export type { TemplateName } from './typst-protocol.js';

export interface PrintImage {
  /** The file name the template loads it by (`/assets/<name>`): chosen by the server, never typed by a user. */
  name: string;
  body: Buffer;
}

export interface PrintJob {
  template: TemplateName;
  /** The document's model: handed to the template as JSON data (sys.inputs), never as markup. */
  data: unknown;
  images?: PrintImage[];
  /**
   * A tagged PDF, readable by screen readers (default). A grid of colours (the availability chart)
   * gains nothing from tags and is 14 times larger with them.
   */
  tagged?: boolean;
  /** Default 30 s; past it the compiler thread is stopped (a new one takes the next document). */
  timeoutMs?: number;
}

export interface PdfPrinter {
  print(job: PrintJob): Promise<Buffer>;
  close(): Promise<void>;
}

export class PrintTimeout extends Error {
  override readonly name = 'PrintTimeout';
}

/** A document the template could not lay out (a bug of ours, never of the data). */
export class PrintError extends Error {
  override readonly name = 'PrintError';
}

const IMAGE_NAME = /^[a-z0-9][a-z0-9-]*\.(jpg|png)$/;
const templates = fileURLToPath(new URL('./templates/', import.meta.url));

/** The compiler thread (plain JavaScript, so it needs no TypeScript loader of its own). */
const startWorker = (setup: WorkerSetup): Worker =>
  new Worker(new URL('./typst-worker.mjs', import.meta.url), { workerData: setup });

/** The job's images as the thread takes them; a name the template could not load by is refused. */
function imagesOf(job: PrintJob): CompileRequest['images'] {
  return (job.images ?? []).map((i) => {
    if (!IMAGE_NAME.test(i.name)) throw new PrintError(`not an image name: ${i.name}`);
    return { name: i.name, body: new Uint8Array(i.body.buffer, i.body.byteOffset, i.body.byteLength) };
  });
}

interface Pending {
  /** The thread compiling it. */
  thread: Worker;
  resolve: (pdf: Buffer) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/** A document the thread answered: its PDF or its error; the thread lets the process go once idle. */
function settle(pending: Map<number, Pending>, reply: CompileReply, w: Worker): void {
  // The compiler freed the document's working memory, whoever still waits for it.
  nativeWorkDone();
  const p = pending.get(reply.id);
  if (!p) return;
  pending.delete(reply.id);
  clearTimeout(p.timer);
  if (![...pending.values()].some((q) => q.thread === w)) w.unref();
  if ('pdf' in reply) p.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
  else p.reject(new PrintError(reply.error));
}

/** Fails the documents of one thread (all: undefined). */
function failAll(pending: Map<number, Pending>, error: Error, of?: Worker): void {
  for (const [id, p] of pending) {
    if (of && p.thread !== of) continue;
    clearTimeout(p.timer);
    pending.delete(id);
    p.reject(error);
  }
}

/**
 * PDFs compiled by Typst (the npm package @myriaddreamin/typst-ts-node-compiler, a native
 * compiler) in a thread of this process, started on first use and kept: one document at a time,
 * the others queued. Each job's template reads its model as data; fonts come from npm packages
 * (fonts.ts), loaded once per thread. A document past its time-out stops the thread, which is
 * started anew for the next.
 */
export function createPrinter(options: { log: FastifyBaseLogger; memoPrints?: number }): PdfPrinter {
  let worker: Worker | undefined;
  let closed = false;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function thread(): Worker {
    if (worker) return worker;
    const w = startWorker({ templates, fonts: fontFiles(), memoPrints: Math.max(1, options.memoPrints ?? 1) });
    w.on('message', (reply: CompileReply) => settle(pending, reply, w));
    w.on('error', (e) => {
      options.log.error({ err: e }, 'the PDF compiler thread failed');
      if (worker === w) worker = undefined;
      failAll(pending, new PrintError(`the PDF compiler failed: ${e.message}`), w);
    });
    w.on('exit', () => {
      if (worker === w) worker = undefined;
      failAll(pending, new PrintError('the PDF compiler stopped'), w);
    });
    worker = w;
    return w;
  }

  return {
    async print(job) {
      if (closed) throw new PrintError('the PDF printer is closed');
      const images = imagesOf(job);
      const request: CompileRequest = {
        id: nextId++,
        template: job.template,
        data: JSON.stringify(job.data),
        images,
        timestamp: Math.floor(Date.now() / 1000),
        tagged: job.tagged ?? true,
      };
      const w = thread();
      const ms = job.timeoutMs ?? 30_000;
      return new Promise<Buffer>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(request.id);
          reject(new PrintTimeout(`printing took longer than ${ms} ms`));
          // The thread is busy with it (and the documents queued behind it): a new one takes over.
          if (worker === w) worker = undefined;
          void w.terminate();
        }, ms);
        pending.set(request.id, { thread: w, resolve, reject, timer });
        // The thread keeps the process alive only while it has work.
        w.ref();
        w.postMessage(request);
      });
    },
    async close() {
      closed = true;
      const w = worker;
      worker = undefined;
      failAll(pending, new PrintError('the PDF printer is closed'));
      await w?.terminate();
    },
  };
}
