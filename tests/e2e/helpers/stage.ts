import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPage } from './browser.js';
import { startPortal, type Portal } from './portal.js';
import { signInAs } from './ui.js';

/** A portal on a fresh database and a Chromium to drive it: what every browser suite starts with. */
export async function startStage(
  options?: Parameters<typeof startPortal>[0],
): Promise<{ portal: Portal; browser: Browser }> {
  const portal = await startPortal(options);
  try {
    return { portal, browser: await launchBrowser() };
  } catch (error) {
    await portal.stop();
    throw error;
  }
}

/** Stops what startStage started (either may be missing when the start failed). */
export async function stopStage(stage: { portal?: Portal; browser?: Browser }): Promise<void> {
  await stage.browser?.close();
  await stage.portal?.stop();
}

/** A page of its own (cookies, storage), with what it wrote to the console and threw. */
export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

export interface Stage {
  readonly portal: Portal;
  readonly browser: Browser;
  /** A signed-out page at the portal. */
  page(): Promise<OpenedPage>;
  /**
   * A signed-out page in a browser that has never been here: a context of its own, no script of
   * the portal in its cache, no cookie the app wrote (so the server renders none of its pages until
   * the app has run in it).
   */
  freshPage(): Promise<OpenedPage>;
  /** A page signed in as this user, on the dashboard (without the sign-in page: see signInAs). */
  signedInPage(email: string): Promise<OpenedPage>;
}

/**
 * The suite's stage, started before its tests and stopped after them (call it in the describe
 * block): `stage.portal`, `stage.browser`, and pages opened on it, signed in or not.
 */
export function useStage(options?: Parameters<typeof startPortal>[0]): Stage {
  let started: { portal: Portal; browser: Browser } | undefined;
  beforeAll(async () => {
    started = await startStage(options);
  });
  afterAll(() => stopStage(started ?? {}));
  const get = () => {
    if (!started) throw new Error('the stage is used before its suite started it (useStage in the describe block)');
    return started;
  };
  return {
    get portal() {
      return get().portal;
    },
    get browser() {
      return get().browser;
    },
    page: () => openPage(get().browser, get().portal.url),
    freshPage: () => openPage(get().browser, get().portal.url, { fresh: true }),
    async signedInPage(email) {
      const opened = await openPage(get().browser, get().portal.url);
      await signInAs(opened.page, email);
      return opened;
    },
  };
}
