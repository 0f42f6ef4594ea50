import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Flags for a quiet, reproducible headless Chromium in a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** Whether this run has a browser (the global setup decides; tests skip without one). */
export const hasBrowser = (): boolean => !!inject('chromium');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromium'), headless: true, args: CHROMIUM_ARGS });
}

/** A fresh context (cookies, storage) per person; page errors and console output are collected. */
export async function openPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => problems.push(`console.${m.type()}: ${m.text()}`));
  page.setDefaultTimeout(15_000);
  return { context, page, problems };
}
