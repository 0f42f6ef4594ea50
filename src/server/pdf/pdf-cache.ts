import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { inFlight } from '../in-flight.js';

export interface PdfCache {
  /** The PDF made of `key`: kept from an earlier `make`, else made now (once for concurrent callers). */
  get(key: string, make: () => Promise<Buffer>): Promise<Buffer>;
}

/**
 * The same document made again is the same PDF: operators download the sheets of unchanged
 * hotels over and over. Keyed by what a document is made of (its caller names it: the facts'
 * revision or publication, layout, language, print day, the storage keys of its images...), so a
 * repeat is answered without building the document; bounded in bytes, least recently used out
 * first; one `make` for concurrent requests of one document. Per process: each node keeps its own.
 */
export function createPdfCache(maxBytes: number): PdfCache {
  if (maxBytes <= 0) return { get: (_key, make) => make() };
  const done = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (pdf) => Math.max(1, pdf.length) });
  const once = inFlight<Buffer>();
  return {
    async get(key, make) {
      const hash = createHash('sha256').update(key).digest('hex');
      const cached = done.get(hash);
      if (cached) return cached;
      return once(hash, () =>
        make().then((pdf) => {
          // A document larger than the whole cache is not kept (lru-cache refuses it anyway).
          if (pdf.length <= maxBytes) done.set(hash, pdf);
          return pdf;
        }),
      );
    },
  };
}
