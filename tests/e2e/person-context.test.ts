/**
 * The browser tests' own ground (tests/e2e/helpers/browser.ts, personalContext): a person's context
 * is a cleared one another person used before, so that the portal's scripts come from the cache. It
 * must keep nothing of that person: every browser test that signs in a second person relies on it.
 */
import { describe, expect, it } from 'vitest';
import { useStage, type OpenedPage } from './helpers/stage.js';

describe('a context handed to the next person', () => {
  const stage = useStage();

  it('keeps no cookie, stored value or database of the person before', async () => {
    const first = await stage.page();
    await first.page.goto('/login');
    await first.page.evaluate(() => {
      localStorage.setItem('left-behind', '1');
      document.cookie = 'left-behind=1; path=/';
    });
    await first.page.evaluate(
      () =>
        new Promise((done) => {
          indexedDB.open('left-behind').onsuccess = done;
        }),
    );
    const used = first.page.context();
    await first.context.close();

    const next = await stage.page();
    expect(next.page.context(), 'the context is used again').toBe(used);
    await next.page.goto('/login');
    expect(await next.page.evaluate(() => localStorage.getItem('left-behind'))).toBeNull();
    expect(await next.page.evaluate(() => document.cookie)).toBe('');
    expect(await next.page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).toEqual([]);
    expect(await next.context.cookies()).toEqual([]);
    await next.context.close();
  });

  it('is not handed on once a test changed it beyond clearing (a route, a clock set through a page)', async () => {
    for (const change of [
      (opened: OpenedPage) => opened.context.route('**/never', (route) => route.abort()),
      (opened: OpenedPage) => opened.page.clock.setFixedTime(new Date('2026-01-01T12:00:00Z')),
    ]) {
      const first = await stage.page();
      const used = first.page.context();
      await change(first);
      await first.context.close();
      const next = await stage.page();
      expect(next.page.context()).not.toBe(used);
      await next.context.close();
    }
  });
});
