import type { Page } from 'playwright-core';

/**
 * Instruments a page (injected before it loads): every keydown is timed to the first paint
 * after it (a frame callback, then a message that runs once that frame is painted), and
 * `__bench.openTab(key)` times a tab click to the paint that shows the tab's sections loaded.
 */
export const IN_PAGE = `
(() => {
  const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve(performance.now());
    ch.port2.postMessage(0);
  }));
  const bench = (window.__bench = { keys: [] });
  document.addEventListener('keydown', (e) => {
    const t0 = e.timeStamp;
    afterPaint().then((t1) => bench.keys.push(t1 - t0));
  }, true);
  const ready = (key) => {
    const tab = document.querySelector('[data-testid="tab-' + key + '"]');
    if (!tab || tab.querySelector('[role="progressbar"]')) return false;
    return tab.querySelectorAll('[data-section]').length > 0 && !!tab.querySelector('input, select, [data-testid="list-row"]');
  };
  bench.openTab = (key) => new Promise((resolve, reject) => {
    const button = document.querySelector('[data-testid="tab-button-' + key + '"]');
    if (!button) return reject(new Error('no tab ' + key));
    const t0 = performance.now();
    const done = () => afterPaint().then((t1) => resolve(t1 - t0));
    const observer = new MutationObserver(() => {
      if (ready(key)) {
        observer.disconnect();
        done();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    button.click();
    setTimeout(() => { observer.disconnect(); reject(new Error('tab ' + key + ' did not load')); }, 20000);
  });
})();
`;

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Presses `count` keys into the focused input (a digit, then Backspace, so the value stays), each
 * waited for until IN_PAGE has timed it to its paint: the milliseconds of each, in order.
 */
export async function timedKeystrokes(page: Page, count: number): Promise<number[]> {
  await page.evaluate(() => ((window as unknown as { __bench: { keys: number[] } }).__bench.keys = []));
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(i % 2 === 0 ? '1' : 'Backspace');
    await page.waitForFunction(
      (n) => (window as unknown as { __bench: { keys: number[] } }).__bench.keys.length >= n,
      i + 1,
    );
    await page.waitForTimeout(25);
  }
  return page.evaluate(() => (window as unknown as { __bench: { keys: number[] } }).__bench.keys);
}
