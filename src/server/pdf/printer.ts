import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { findChromium, PRINT_ARGS, type ChromiumInstall } from './chromium.js';

/** The made-up origin a printed document lives at; nothing else is ever reached. */
export const DOCUMENT_ORIGIN = 'https://document.ananas.invalid';
export const DOCUMENT_URL = `${DOCUMENT_ORIGIN}/document.html`;
/** Fonts the printer serves itself (from the @fontsource packages): `${FONT_BASE}<file>`. */
export const FONT_BASE = `${DOCUMENT_ORIGIN}/fonts/`;
/** Other files a document may load (photos, logos): the job's `assets` answers them. */
export const ASSET_BASE = `${DOCUMENT_ORIGIN}/assets/`;

export interface Asset {
  body: Buffer;
  contentType: string;
}

export interface PrintJob {
  /** A whole HTML document (its own CSS inside; @page sets size and margins). */
  html: string;
  /** Answers `${ASSET_BASE}...` URLs; anything it does not answer is refused. */
  assets?: (url: string) => Promise<Asset | undefined>;
  /** Default 30 s; the page is closed when it passes. */
  timeoutMs?: number;
  /**
   * What besides the HTML decides the bytes (the storage keys of the assets): given, a repeat of
   * the same document may be answered from the cache (pdf-cache.ts); absent, it is always printed.
   */
  fingerprint?: string;
}

export interface PdfPrinter {
  print(job: PrintJob): Promise<Buffer>;
  /** Which Chromium prints (launching it if needed). */
  describe(): Promise<{ executablePath: string; source: ChromiumInstall['source']; version: string }>;
  close(): Promise<void>;
}

export class PrintTimeout extends Error {
  override readonly name = 'PrintTimeout';
}

const require = createRequire(import.meta.url);
const FONT_PACKAGES = ['@fontsource/vazirmatn', '@fontsource/noto-sans'];
const fontCache = new Map<string, Buffer>();

async function fontFile(name: string): Promise<Buffer | undefined> {
  if (!/^[a-z0-9-]+\.woff2$/.test(name)) return undefined;
  const cached = fontCache.get(name);
  if (cached) return cached;
  for (const pkg of FONT_PACKAGES) {
    const prefix = pkg.split('/')[1]!;
    if (!name.startsWith(`${prefix}-`)) continue;
    const dir = path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files');
    const data = await readFile(path.join(dir, name)).catch(() => undefined);
    if (data) fontCache.set(name, data);
    return data;
  }
  return undefined;
}

let fontCss: Promise<string> | undefined;

/**
 * @font-face rules for the fonts the printer serves (Noto Sans: Latin, Cyrillic, Greek,
 * Vietnamese, Devanagari; Vazirmatn: Arabic script and Latin), regular and bold, each subset
 * with its unicode-range so Chromium loads only what a document uses. Taken from the packages'
 * own CSS, pointed at FONT_BASE.
 */
export function fontFaces(): Promise<string> {
  fontCss ??= (async () => {
    const out: string[] = [];
    for (const pkg of FONT_PACKAGES) {
      const dir = path.dirname(require.resolve(`${pkg}/package.json`));
      for (const weight of ['400', '700']) {
        const css = await readFile(path.join(dir, `${weight}.css`), 'utf8');
        out.push(css.replace(/url\(\.\/files\/([a-z0-9-]+\.woff2)\) format\('woff2'\)(, url\([^)]*\) format\('woff'\))?/g, (_m, file: string) => `url(${FONT_BASE}${file}) format('woff2')`));
      }
    }
    return out.join('\n');
  })();
  return fontCss;
}

export interface PrinterOptions {
  executablePath?: string;
  log: FastifyBaseLogger;
  /** Documents printed at once: warm pages kept (default 2). */
  concurrency?: number;
}

interface Tab {
  context: BrowserContext;
  page: Page;
  /** The document the page is printing now (its route handler answers from it). */
  job?: PrintJob;
}

/**
 * One Chromium per server process, launched on first use and reused (relaunched if it dies).
 * A few pages are kept warm, one per document printed at once: each document has a page to
 * itself for the time it prints, in a context with JavaScript off, where every request is refused
 * except the document itself, the printer's fonts and the job's own assets. A page that fails or
 * passes its time-out is thrown away with its context; a page is blanked between documents.
 */
export function createPrinter(options: PrinterOptions): PdfPrinter {
  let launching: Promise<{ browser: Browser; install: ChromiumInstall }> | undefined;
  let closed = false;
  const size = options.concurrency ?? 2;
  /** Warm pages of the current browser, free to take. */
  let idle: Tab[] = [];
  let busy = 0;
  const waiting: (() => void)[] = [];

  function browser() {
    if (closed) throw new Error('the PDF printer is closed');
    launching ??= (async () => {
      const install = await findChromium(options.executablePath);
      const b = await chromium.launch({ executablePath: install.executablePath, headless: true, args: PRINT_ARGS, env: { ...process.env, ...install.env } as Record<string, string> });
      options.log.info({ chromium: install.executablePath, source: install.source, version: b.version() }, 'PDF printer started Chromium');
      b.on('disconnected', () => {
        launching = undefined;
        idle = [];
      });
      return { browser: b, install };
    })();
    launching.catch(() => {
      launching = undefined;
    });
    return launching;
  }

  async function route(r: Route, tab: Tab): Promise<void> {
    const url = r.request().url();
    const job = tab.job;
    if (job && url === DOCUMENT_URL) return r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: job.html });
    if (job && url.startsWith(FONT_BASE)) {
      const font = await fontFile(url.slice(FONT_BASE.length));
      if (font) return r.fulfill({ status: 200, contentType: 'font/woff2', body: font });
    }
    if (job?.assets && url.startsWith(ASSET_BASE)) {
      const asset = await job.assets(url).catch(() => undefined);
      if (asset) return r.fulfill({ status: 200, contentType: asset.contentType, body: asset.body });
    }
    return r.abort('blockedbyclient');
  }

  async function takeTab(): Promise<Tab> {
    while (busy >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    busy++;
    try {
      const warm = idle.pop();
      if (warm) return warm;
      const { browser: b } = await browser();
      const context = await b.newContext({ javaScriptEnabled: false, serviceWorkers: 'block', acceptDownloads: false });
      const tab: Tab = { context, page: await context.newPage() };
      await tab.page.route('**/*', (r) => route(r, tab));
      return tab;
    } catch (e) {
      giveBack(undefined);
      throw e;
    }
  }

  function giveBack(tab: Tab | undefined): void {
    if (tab && !closed && tab.context.browser()?.isConnected()) idle.push(tab);
    busy--;
    waiting.shift()?.();
  }

  async function render(job: PrintJob, tab: Tab): Promise<Buffer> {
    const ms = job.timeoutMs ?? 30_000;
    tab.job = job;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_r, reject) => {
      timer = setTimeout(() => reject(new PrintTimeout(`printing took longer than ${ms} ms`)), ms);
    });
    const work = (async () => {
      await tab.page.goto(DOCUMENT_URL, { waitUntil: 'load', timeout: ms });
      // Web fonts must be in before printing (works with page JavaScript off).
      await tab.page.evaluate(() => document.fonts.ready.then(() => undefined));
      return tab.page.pdf({ preferCSSPageSize: true, printBackground: true });
    })();
    work.catch(() => undefined);
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async print(job) {
      const tab = await takeTab();
      try {
        const pdf = await render(job, tab);
        tab.job = undefined;
        // Nothing of this document stays on the page for the next one (blanked after answering).
        void tab.page.goto('about:blank').then(
          () => giveBack(tab),
          () => tab.context.close().catch(() => undefined).then(() => giveBack(undefined)),
        );
        return pdf;
      } catch (e) {
        // A failed or late page is not reused: closing its context ends whatever it still does.
        tab.job = undefined;
        await tab.context.close().catch(() => undefined);
        giveBack(undefined);
        throw e;
      }
    },
    async describe() {
      const { browser: b, install } = await browser();
      return { executablePath: install.executablePath, source: install.source, version: b.version() };
    },
    async close() {
      closed = true;
      const current = launching;
      launching = undefined;
      idle = [];
      if (current) await (await current.catch(() => undefined))?.browser.close().catch(() => undefined);
    },
  };
}
