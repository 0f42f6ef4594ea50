import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasBrowser, openPage } from './helpers/browser.js';
import type { Portal } from './helpers/portal.js';
import { startStage, stopStage } from './helpers/stage.js';

/** DESIGN "Numbers to reach": the sign-in page's first load is at most 250 KB of gzip JavaScript. */
const BUDGET = 250 * 1024;

describe.skipIf(!hasBrowser())('sign-in page weight', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    ({ portal, browser } = await startStage());
  });
  afterAll(() => stopStage({ portal, browser }));

  it('loads at most 250 KB of gzip JavaScript', async () => {
    const { context, page } = await openPage(browser, portal.url);
    const scripts: Promise<[string, number]>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.body().then((b) => [r.url(), gzipSync(b).length]));
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    const sizes = await Promise.all(scripts);
    const total = sizes.reduce((sum, [, n]) => sum + n, 0);
    expect(sizes.length).toBeGreaterThan(0);
    expect(total, `sign-in first load: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} files`).toBeLessThanOrEqual(BUDGET);
    await context.close();
  });
});
