import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { PdfPrinter, PrintJob } from './printer.js';

/**
 * The same document printed again is the same bytes: operators download the sheets of unchanged
 * hotels over and over, and a Chromium print takes most of a second on two cores. Keyed by a hash
 * of the HTML (it carries the facts, the language, the layout and the day it is printed on) and
 * the fingerprint; bounded in bytes, least recently used out first; one print for concurrent
 * requests of one document. Per process: each node keeps its own. Only jobs with a fingerprint
 * (the storage keys of their assets: a new upload gets a new key) are kept.
 */
export function withPdfCache(printer: PdfPrinter, maxBytes: number): PdfPrinter {
  if (maxBytes <= 0) return printer;
  const done = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (pdf) => Math.max(1, pdf.length) });
  const printing = new Map<string, Promise<Buffer>>();
  return {
    async print(job: PrintJob) {
      if (job.fingerprint === undefined) return printer.print(job);
      const key = createHash('sha256').update(job.html).update('\0').update(job.fingerprint).digest('hex');
      const cached = done.get(key);
      if (cached) return cached;
      const running = printing.get(key);
      if (running) return running;
      const work = printer.print(job).then((pdf) => {
        // A document larger than the whole cache is not kept (lru-cache refuses it anyway).
        if (pdf.length <= maxBytes) done.set(key, pdf);
        return pdf;
      });
      printing.set(key, work);
      try {
        return await work;
      } finally {
        printing.delete(key);
      }
    },
    describe: () => printer.describe(),
    close: () => printer.close(),
  };
}
