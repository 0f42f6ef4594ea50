import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_BASE, createPrinter, fontFaces, PrintTimeout, type PdfPrinter } from '../../../src/server/pdf/printer.js';
import { DEBIAN_CHROMIUM } from '../../../src/server/pdf/chromium.js';
import { pdfPages, pdfText } from '../exports/helpers.js';

const log = Fastify({ logger: false }).log;

/** Both Chromiums a fresh machine may print with: Debian's (when installed) and the npm package's. */
const chromiums: { name: string; path: string | undefined }[] = [{ name: 'the npm package (@sparticuz/chromium)', path: 'npm' }];
if (existsSync(DEBIAN_CHROMIUM)) chromiums.push({ name: "Debian's", path: undefined });

for (const c of chromiums) {
  describe(`PDF printer with ${c.name} Chromium`, () => {
    let printer: PdfPrinter;
    let outside: http.Server;
    let hits = 0;
    beforeAll(async () => {
      printer = createPrinter({ executablePath: c.path, log });
      outside = http.createServer((_req, res) => {
        hits++;
        res.end('x');
      });
      await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      await printer.close();
      await new Promise<void>((resolve) => outside.close(() => resolve()));
    });

    it('launches and prints Persian (right to left) and Cyrillic with the packaged fonts', async () => {
      const info = await printer.describe();
      expect(info.source).toBe(c.path === 'npm' ? 'npm' : 'debian');
      const html = `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><style>${await fontFaces()} @page { size: A4 } body { font-family: 'Vazirmatn', 'Noto Sans' }</style></head>
        <body><h1>هتل ساحلی آناناس</h1><p>Гостиница у моря</p><p style="break-before: page">Second page</p></body></html>`;
      const pdf = await printer.print({ html });
      expect(pdfPages(pdf)).toBe(2);
      const text = pdfText(pdf);
      expect(text).toContain('هتل ساحلی آناناس');
      expect(text).toContain('Гостиница у моря');
    });

    it('runs no script and reaches nothing outside; only the document, its fonts and its own assets load', async () => {
      const port = (outside.address() as AddressInfo).port;
      const asked: string[] = [];
      const html = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="http://127.0.0.1:${port}/style.css"></head><body>
        <p id="p">static text</p><script>document.getElementById('p').textContent = 'script ran'</script>
        <img src="http://127.0.0.1:${port}/tracker.png"><img src="file:///etc/passwd"><iframe src="http://127.0.0.1:${port}/frame"></iframe>
        <img src="${ASSET_BASE}logo.png" alt="logo"></body></html>`;
      const pdf = await printer.print({
        html,
        assets: async (url) => {
          asked.push(url);
          return undefined;
        },
      });
      const text = pdfText(pdf);
      expect(text).toContain('static text');
      expect(text).not.toContain('script ran');
      expect(hits).toBe(0);
      expect(asked).toEqual([`${ASSET_BASE}logo.png`]);
    });

    it('gives up on a document past its time-out, and prints the next one', async () => {
      const html = `<!doctype html><html><body><img src="${ASSET_BASE}slow.png"><p>late</p></body></html>`;
      await expect(printer.print({ html, timeoutMs: 300, assets: () => new Promise((resolve) => setTimeout(() => resolve(undefined), 5_000)) })).rejects.toBeInstanceOf(PrintTimeout);
      expect(pdfText(await printer.print({ html: '<!doctype html><p>next one</p>' }))).toContain('next one');
    });
  });
}
