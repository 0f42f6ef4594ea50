/**
 * The PDF cache: a repeat of the same document (same HTML, same asset keys) is answered without
 * printing, concurrent requests of one document print once, anything different prints again,
 * failures are not kept, jobs without a fingerprint always print, and the byte bound holds.
 */
import { describe, expect, it } from 'vitest';
import { withPdfCache } from '../../../src/server/pdf/pdf-cache.js';
import type { PdfPrinter, PrintJob } from '../../../src/server/pdf/printer.js';

/** A printer that answers the HTML as bytes (padded to `size`), counting its prints. */
function fakePrinter(size = 10, fail = false) {
  const printed: string[] = [];
  const printer: PdfPrinter = {
    async print(job: PrintJob) {
      printed.push(job.html);
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('printer down');
      return Buffer.from(job.html.padEnd(size, '.'));
    },
    describe: async () => ({ executablePath: '/x', source: 'configured', version: '1' }),
    close: async () => undefined,
  };
  return { printer, printed };
}

describe('the PDF cache', () => {
  it('prints a document once, and again for other HTML or other assets', async () => {
    const { printer, printed } = fakePrinter();
    const cached = withPdfCache(printer, 1_000);
    const a = await cached.print({ html: '<p>a</p>', fingerprint: 'k1' });
    expect(await cached.print({ html: '<p>a</p>', fingerprint: 'k1' })).toBe(a);
    expect(printed).toEqual(['<p>a</p>']);
    await cached.print({ html: '<p>a</p>', fingerprint: 'k2' });
    await cached.print({ html: '<p>b</p>', fingerprint: 'k1' });
    expect(printed).toHaveLength(3);
  });

  it('prints once for concurrent requests of one document', async () => {
    const { printer, printed } = fakePrinter();
    const cached = withPdfCache(printer, 1_000);
    const all = await Promise.all(Array.from({ length: 5 }, () => cached.print({ html: '<p>same</p>', fingerprint: '' })));
    expect(printed).toHaveLength(1);
    expect(new Set(all.map((b) => b.toString())).size).toBe(1);
  });

  it('always prints a job without a fingerprint, and keeps no failure', async () => {
    const { printer, printed } = fakePrinter();
    const cached = withPdfCache(printer, 1_000);
    await cached.print({ html: '<p>x</p>' });
    await cached.print({ html: '<p>x</p>' });
    expect(printed).toHaveLength(2);
    const down = fakePrinter(10, true);
    const failing = withPdfCache(down.printer, 1_000);
    await expect(failing.print({ html: '<p>y</p>', fingerprint: '' })).rejects.toThrow('printer down');
    await expect(failing.print({ html: '<p>y</p>', fingerprint: '' })).rejects.toThrow('printer down');
    expect(down.printed).toHaveLength(2);
  });

  it('keeps at most its bytes, the least recently used going first; 0 turns it off', async () => {
    const { printer, printed } = fakePrinter(400);
    const cached = withPdfCache(printer, 1_000);
    for (const html of ['1', '2', '1', '3']) await cached.print({ html, fingerprint: '' });
    // 400 bytes each: three do not fit in 1,000; "2" was used least recently.
    expect(printed).toEqual(['1', '2', '3']);
    await cached.print({ html: '1', fingerprint: '' });
    expect(printed).toEqual(['1', '2', '3']);
    await cached.print({ html: '2', fingerprint: '' });
    expect(printed).toEqual(['1', '2', '3', '2']);
    const off = fakePrinter();
    const none = withPdfCache(off.printer, 0);
    await none.print({ html: 'z', fingerprint: '' });
    await none.print({ html: 'z', fingerprint: '' });
    expect(off.printed).toHaveLength(2);
  });
});
