/**
 * Where the CPU of one fact-sheet print goes, measured inside the bench server: the sheet's
 * source (its few queries), the model (buildFactSheet), the print data (sheetPrintData), the
 * images (print-images.ts: storage, sharp), the Typst compile in the compiler thread, and the
 * anchor: an empty document printed by the same thread right after. Served by the bench server on a
 * port of its own; each phase runs alone, so the process's CPU over it is its own.
 */
import { createServer } from 'node:http';
import v8 from 'node:v8';
import sharp from 'sharp';
import { factSheetSource } from '../../../src/server/features/exports/sheet-source.js';
import { sheetPrintData } from '../../../src/server/features/exports/sheet-pdf.js';
import { isSheetLayout } from '../../../src/shared/fact-sheet/index.js';
import { isLanguage } from '../../../src/shared/i18n/languages.js';
import type { Services } from '../../../src/server/services.js';

export interface PhaseCost {
  cpu: number;
  wall: number;
}
export type PrintPhases = Record<'source' | 'model' | 'data' | 'images' | 'compile' | 'empty', PhaseCost>;

async function measured<T>(work: () => Promise<T> | T): Promise<[T, PhaseCost]> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return [result, { cpu: (used.user + used.system) / 1000, wall: performance.now() - started }];
}

/** The phases of one print of `query`'s sheet (property, layout, language). */
async function printPhases(services: Services, query: URLSearchParams): Promise<PrintPhases> {
  const layout = query.get('layout') ?? '';
  const language = query.get('language');
  if (!isSheetLayout(layout) || !isLanguage(language)) throw new Error('layout and language, please');
  const property = await services.db.kysely
    .selectFrom('properties')
    .selectAll()
    .where('id', '=', Number(query.get('property')))
    .executeTakeFirstOrThrow();
  const [source, sourceCost] = await measured(() => factSheetSource(services, property, { layout, language }));
  const [{ sheet, assets }, model] = await measured(() => source.build());
  const [images, imageCost] = await measured(() => assets.load(services));
  const [data, dataCost] = await measured(() => sheetPrintData(sheet, new Set(images.map((i) => i.name))));
  const [, compile] = await measured(() => services.printer.print({ template: 'fact-sheet', data, images }));
  const [, empty] = await measured(() => services.printer.print({ template: 'empty', data: {} }));
  return { source: sourceCost, model, data: dataCost, images: imageCost, compile, empty };
}

export interface MemoryParts {
  /** MB */
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** libvips' operation cache (sharp.cache()): MB held now. */
  sharpCache: number;
}

/** What the process's memory holds, as Node sees it; the rest of the RSS is native (libvips, Typst, SQLite, malloc's arenas). */
function memory(): MemoryParts {
  const mb = (n: number) => Math.round(n / 1_048_576);
  const m = process.memoryUsage();
  return {
    rss: mb(m.rss),
    heapUsed: mb(m.heapUsed),
    heapTotal: mb(m.heapTotal),
    external: mb(m.external),
    arrayBuffers: mb(m.arrayBuffers),
    sharpCache: sharp.cache().memory.current,
  };
}

/**
 * GET /memory: MemoryParts. GET /snapshot?to=FILE: a heap snapshot written (its file name). GET /?property=&layout=&language= on a port of its own (the app has booted: no route can be
 * added to it), on the loopback only; answers the port.
 */
export function servePrintPhases(services: Services): Promise<number> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const work =
      url.pathname === '/memory'
        ? Promise.resolve(memory())
        : url.pathname === '/snapshot'
          ? Promise.resolve(v8.writeHeapSnapshot(url.searchParams.get('to') ?? undefined))
          : printPhases(services, url.searchParams);
    work.then(
      (phases) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(phases)),
      (e: unknown) => res.writeHead(500).end(String(e)),
    );
  });
  server.unref();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
}
