import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { startPortal, type Portal } from './portal.js';

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
