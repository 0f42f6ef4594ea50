/**
 * npm run bench -- client: the sign-in page over the wire in Chromium, production build served by
 * the real app (DESIGN: first load ≤ 250 KB on the wire, compressed as served; a repeat visit 0
 * asset bytes). Bytes are Chromium's own count of what crossed the network for each request
 * (headers and body as sent); a file taken from the browser's cache crosses nothing.
 * Then cold loads of the sign-in page and the dashboard (signed in) beside the anchor, a static
 * file served by the same server in the same run (cold-load.ts): first paint, first screen, and
 * the requests and code bytes before each (issue 39). BENCH_CLIENT_LOADS sets their count
 * (default MIN_SAMPLES); BENCH_CLIENT_DIR serves a build already made (dist/client) instead of
 * building one.
 */
import { rmSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tests/e2e/helpers/browser.js';
import { startPortal } from '../../tests/e2e/helpers/portal.js';
import { isAsset, loadOverWire, wireBytes, type Transfer } from '../../tests/e2e/helpers/wire.js';
import { productionClient } from './production-client.js';
import { ANCHOR_PATH, coldLoads, coldTable, signedInState, waterfall, writeAnchor } from './cold-load.js';
import { MIN_SAMPLES } from './harness.js';
import { PASSWORD, seed } from './portfolio-benches.js';

const LOADS = Number(process.env.BENCH_CLIENT_LOADS ?? MIN_SAMPLES);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function row(name: string, transfers: Transfer[]): string {
  const assets = transfers.filter(isAsset);
  const fromNetwork = assets.filter((t) => !t.cached);
  const encodings = [...new Set(fromNetwork.map((t) => t.encoding || 'none'))].join(', ') || '-';
  const byType = ['Script', 'Stylesheet', 'Font', 'Image']
    .map((type) => [type, wireBytes(assets.filter((t) => t.type === type))] as const)
    .filter(([, n]) => n > 0)
    .map(([type, n]) => `${type.toLowerCase()} ${kb(n)}`)
    .join(', ');
  const others = transfers
    .filter((t) => !isAsset(t))
    .map((t) => `${new URL(t.url).pathname} ${t.status} ${kb(t.wire)}`);
  return `| ${name} | ${transfers.length} | ${kb(wireBytes(transfers))} | ${assets.length} (${assets.length - fromNetwork.length} from the cache) | ${kb(wireBytes(assets))}${byType ? ` (${byType})` : ''} | ${kb(assets.reduce((s, t) => s + t.body, 0))} | ${encodings} | ${others.join('; ')} |`;
}

export async function clientBenches(): Promise<string[]> {
  const client = await productionClient();
  const clientDir = client.dir;
  writeAnchor(clientDir);
  const portal = await startPortal({ clientDir });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    // A first visitor (empty cache), then the same browser coming back (a new page, its cache kept).
    const context = await browser.newContext({ baseURL: portal.url, viewport: { width: 1280, height: 860 } });
    const form = (page: Page) => page.getByRole('form', { name: 'Sign in' }).waitFor();
    const cold = await loadOverWire(context, '/login', form);
    const repeat = await loadOverWire(context, '/login', form);
    await context.close();

    await seed(portal.services.db.kysely, 'client@bench.example', 20);
    const storageState = await signedInState(browser, portal.url, 'client@bench.example', PASSWORD);
    const samples = await coldLoads(
      browser,
      portal.url,
      [
        { name: `anchor: ${ANCHOR_PATH} (static file, same server)`, url: ANCHOR_PATH, selector: 'h1' },
        { name: 'sign-in page /login', url: '/login', selector: 'form[aria-label="Sign in"]' },
        {
          name: 'dashboard / (signed in, 20 properties)',
          url: '/',
          selector: '[data-testid="dashboard"]',
          storageState,
        },
      ],
      LOADS,
    );
    const last = (name: string) => samples.get(name)!.at(-1)!;
    return [
      '### The sign-in page over the wire (Chromium, production build served by the app)',
      '',
      '| visit | requests | on the wire, all | assets (hashed files) | asset bytes on the wire | asset bytes decoded | encodings sent | the rest (path, status, on the wire) |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      row('first visit, empty cache', cold),
      row('repeat visit, same browser', repeat),
      '',
      `### Cold loads beside the anchor (Chromium, a fresh context each load, ${LOADS} loads each, interleaved)`,
      '',
      ...coldTable(samples),
      '',
      ...waterfall('/login', last('sign-in page /login')),
      ...waterfall('/', last('dashboard / (signed in, 20 properties)')),
    ];
  } finally {
    await browser.close();
    await portal.stop();
    rmSync(`${clientDir}${ANCHOR_PATH}`, { force: true });
    client.dispose();
  }
}
