/**
 * Both dashboards show their reports as a user would see them: figures from the seeded data,
 * the completeness and mapping tables, bar charts drawn, and a figure leading where it is acted on.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './helpers/browser.js';
import { ownerWithProperty } from './helpers/facts.js';
import type { Portal } from './helpers/portal.js';
import { useStage } from './helpers/stage.js';
import { giveSessionCookie, portalOutput, signInAs } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';

async function company(portal: Portal, token: string, name: string): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ company: name, country: 'ES', city: 'Palma' })) form.set(k, v);
  const res = await fetch(`${portal.url}/api/settings/company/create/`, {
    method: 'POST',
    headers: { authorization: `Token ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
}

/** A chart's value-axis labels, bottom to top. */
const ticks = (chart: Locator) => chart.locator('.value-axis .visx-axis-tick text').allTextContents();

const json = (token: string, method: string, body?: unknown) => ({
  method,
  headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
});

describe.skipIf(!hasBrowser())('dashboards', () => {
  const stage = useStage();

  it('the hotel and the operator each see their figures, tables and charts; a figure leads where it is acted on', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Cedar Lodge');
    await company(stage.portal, hotel.token, 'Cedar Hotels');
    const operator = await createUser(stage.portal, { accountType: 'to' });
    const opToken = await signInApi(stage.portal, operator.email);
    await company(stage.portal, opToken, 'Maple Tours');
    const proposal = await fetch(
      `${stage.portal.url}/api/partners/contract/create/`,
      json(opToken, 'POST', { partner: hotel.id }),
    );
    const { id } = (await proposal.json()) as { id: number };
    expect(
      (await fetch(`${stage.portal.url}/api/partners/contract/edit/${id}/`, json(hotel.token, 'PUT', { status: 'A' })))
        .status,
    ).toBe(200);

    const h = await stage.page();
    await signInAs(h.page, hotel.email);
    await h.page.goto('/');
    const reports = h.page.getByTestId('hotel-reports');
    await reports.getByRole('link', { name: 'Operators connected: 1' }).waitFor();
    await reports.getByRole('link', { name: 'Properties to finish: 1' }).waitFor();
    const row = reports.getByTestId('completeness-row');
    expect(await row.count()).toBe(1);
    expect(await row.innerText()).toContain('Cedar Lodge (Unpublished)');
    expect(await row.innerText()).toContain('Main info');
    // Properties added: one bar, whole-number ticks; fact sheets: none yet, said in words (issue 38 §3).
    const charts = reports.getByTestId('bar-chart');
    await expect.poll(() => charts.locator('svg').count()).toBeGreaterThan(0);
    expect(await charts.count()).toBe(1);
    expect(await ticks(charts)).toEqual(['0', '1']);
    const none = 'Nothing to show yet: the numbers appear here from the first month with one.';
    expect(await reports.getByTestId('bar-chart-empty').innerText()).toBe(none);
    await reports.getByRole('link', { name: 'Operators connected: 1' }).click();
    await h.page.waitForURL(/\/partners$/);

    const o = await stage.page();
    await signInAs(o.page, operator.email);
    await o.page.goto('/');
    const mine = o.page.getByTestId('operator-reports');
    await mine.getByRole('link', { name: 'Contracted hotels: 1' }).waitFor();
    await mine.getByRole('link', { name: 'Properties you reach: 1' }).waitFor();
    await mine.getByRole('link', { name: 'Properties not mapped: 1' }).waitFor();
    expect(await mine.getByTestId('mapping-row').innerText()).toContain('Cedar Lodge (not mapped)');
    await mine.getByText('No changes yet: your partner hotels have not published since you connected.').waitFor();
    expect(await mine.getByTestId('bar-chart-empty').innerText()).toBe(none);
    await mine.getByRole('link', { name: 'Cedar Lodge', exact: true }).click();
    await o.page.waitForURL(/\/datamapping\/\d+$/);
    expect(portalOutput(h.problems)).toEqual([]);
    expect(portalOutput(o.problems)).toEqual([]);
    await h.context.close();
    await o.context.close();
  });

  it('a cold load of either dashboard asks for its reports while its code loads, and shows them without asking again', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Birch Court');
    const operator = await createUser(stage.portal, { accountType: 'to' });
    const looks = [
      {
        email: hotel.email,
        shown: 'hotel-reports',
        reads: ['/api/reports/report-data/', '/api/reports/operator-number/', '/api/reports/accommodation-number/'],
      },
      {
        email: operator.email,
        shown: 'operator-reports',
        reads: ['/api/reports/operator-report-data/', '/api/reports/operator-feed/'],
      },
    ];
    for (const { email, shown, reads } of looks) {
      // A browser that has not told the server its view renders the dashboard itself (with that
      // view the server renders it, reports included: server-render.test.ts): one where the app
      // has not run yet, signed in by its cookie alone.
      const t = await stage.freshPage();
      await giveSessionCookie(t.page, email);
      const calls: string[] = [];
      t.page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith('/api/reports/')) calls.push(path);
      });
      // The dashboard's code held back: the reports are asked for anyway, as the navigation starts.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let chunkAsked = false;
      await t.page.route(/\/assets\/dashboard-page-[^/]*\.js$/, async (route) => {
        chunkAsked = true;
        await held;
        await route.continue();
      });
      await t.page.goto('/', { waitUntil: 'commit' });
      await expect.poll(() => chunkAsked, { timeout: 15_000 }).toBe(true);
      // (Only the reports: the shell asks other things beside them, such as what to do next.)
      const reportsRead = () => [...new Set(calls.filter((c) => reads.includes(c)))].sort();
      await expect.poll(reportsRead, { timeout: 15_000 }).toEqual([...reads].sort());
      expect(await t.page.getByTestId(shown).count()).toBe(0);
      release();
      await t.page.getByTestId(shown).waitFor();
      // The page shows what the navigation fetched: each report asked for once. (What to do next
      // is asked anew on every visit, by design: next-steps-api.ts.)
      expect(calls.filter((c) => reads.includes(c)).sort()).toEqual([...reads].sort());
      expect(portalOutput(t.problems)).toEqual([]);
      await t.context.close();
    }
  }, 120_000);
});
