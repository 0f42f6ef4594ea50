import type { BrowserContext, Page } from 'playwright-core';

/** One request of a page load and what it cost on the network, as Chromium counted it. */
export interface Transfer {
  url: string;
  /** Chromium's resource type: Document, Script, Stylesheet, Font, Image, Fetch... */
  type: string;
  status: number;
  /** The Content-Encoding it came with ('' for none). */
  encoding: string;
  /** Taken from the browser's cache: nothing crossed the network for it. */
  cached: boolean;
  /** Bytes on the wire, headers and body as sent (Network.loadingFinished encodedDataLength). */
  wire: number;
  /** Body bytes once decoded. */
  body: number;
}

/** The hashed files of the build (Vite's assets/). */
export const isAsset = (t: Transfer): boolean => new URL(t.url).pathname.startsWith('/assets/');
export const wireBytes = (list: readonly Transfer[]): number => list.reduce((s, t) => s + t.wire, 0);

/**
 * Open `url` in a new page of the context (its cache is the context's) and answer every request
 * of the load, once the sign-in form or `ready` shows and the network is idle.
 */
export async function loadOverWire(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<Transfer[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const seen = new Map<string, Transfer>();
  cdp.on('Network.requestWillBeSent', (e) =>
    seen.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? 'Other',
      status: 0,
      encoding: '',
      cached: false,
      wire: 0,
      body: 0,
    }),
  );
  cdp.on('Network.responseReceived', (e) => {
    const t = seen.get(e.requestId);
    if (!t) return;
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    t.status = e.response.status;
    t.encoding = headers['content-encoding'] ?? '';
    t.cached ||= !!(e.response.fromDiskCache || e.response.fromPrefetchCache);
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const t = seen.get(e.requestId);
    if (t) t.cached = true;
  });
  cdp.on('Network.dataReceived', (e) => {
    const t = seen.get(e.requestId);
    if (t) t.body += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const t = seen.get(e.requestId);
    if (t) t.wire = e.encodedDataLength;
  });
  await cdp.send('Network.enable');
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    await ready(page);
    // Fonts and chunks the first paint asked for.
    await page.waitForLoadState('networkidle');
    return [...seen.values()];
  } finally {
    await cdp.detach().catch(() => undefined);
    await page.close();
  }
}
