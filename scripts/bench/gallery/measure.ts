import type { Page } from 'playwright-core';

interface GalleryMarks {
  gridPainted?: number;
  visibleLoaded?: number;
  keys: number[];
}

type BenchWindow = Window & { __gallery: GalleryMarks };

export interface PageLoad {
  /** The gallery list call asked and answered (ms from navigation start). */
  listAsked: number;
  listAnswered: number;
  gridPainted: number;
  visibleLoaded: number;
  /** Every thumbnail decoded, paging down one screen as soon as the current one has loaded. */
  allLoaded: number;
}

/**
 * Page down one screen as soon as every thumbnail on it has loaded, until all have; answers
 * performance.now() then. A string: tsx would wrap named functions in helpers the page lacks.
 */
const PAGE_THROUGH = `(async () => {
  const imgs = [...document.querySelectorAll('[data-testid="photo-tile"] img')];
  const loaded = (i) => i.complete && i.naturalWidth > 0;
  const inView = (el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; };
  const deadline = performance.now() + 120000;
  while (!imgs.every(loaded) && performance.now() < deadline) {
    if (imgs.filter(inView).every(loaded)) {
      const atBottom = innerHeight + scrollY >= document.documentElement.scrollHeight - 2;
      if (atBottom) imgs.find((i) => !loaded(i))?.scrollIntoView();
      else scrollBy(0, innerHeight);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return performance.now();
})()`;

/** Open the gallery in a fresh page (cold cache) and time it. */
export async function measureLoad(page: Page, url: string): Promise<PageLoad> {
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const g = (window as unknown as BenchWindow).__gallery;
      return g.gridPainted !== undefined && g.visibleLoaded !== undefined;
    },
    undefined,
    { timeout: 120_000 },
  );
  const allLoaded = await page.evaluate<number>(PAGE_THROUGH);
  const marks = await page.evaluate(() => {
    const g = (window as unknown as BenchWindow).__gallery;
    const list = performance
      .getEntriesByType('resource')
      .find((e) => /\/api\/facts\/property\/\d+\/gallery\/$/.test(e.name)) as PerformanceResourceTiming | undefined;
    return {
      gridPainted: g.gridPainted!,
      visibleLoaded: g.visibleLoaded!,
      listAsked: list?.startTime ?? NaN,
      listAnswered: list?.responseEnd ?? NaN,
    };
  });
  return { ...marks, allLoaded };
}

/**
 * Keyboard moves of one focused tile, each timed from keydown to the next paint: `keys`
 * alternate (ArrowRight, ArrowLeft: a neighbour swap; End, Home: the whole grid renumbers).
 */
export async function measureMoves(
  page: Page,
  tileIndex: number,
  keys: [string, string],
  count: number,
): Promise<number[]> {
  await page.locator('[data-testid="photo-tile"]').nth(tileIndex).focus();
  await page.evaluate(() => ((window as unknown as BenchWindow).__gallery.keys = []));
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(keys[i % 2]!);
    await page.waitForFunction((n) => (window as unknown as BenchWindow).__gallery.keys.length >= n, i + 1);
    // A person's pace, and room for the background order call.
    await page.waitForTimeout(60);
  }
  return page.evaluate(() => (window as unknown as BenchWindow).__gallery.keys);
}
