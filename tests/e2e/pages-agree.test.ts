/**
 * Pages agree with each other after the action that changes what they show (issue 38 §1): each
 * test does the action as a person would (or sets the state up through the real API where the
 * action is not the journey), then opens the other pages that show the same thing and checks
 * they say the same. One portal with the seeded demo (its hotel, operator and their contract);
 * a test that changes what another reads makes accounts of its own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../src/shared/bundle-types.js';
import { SchemaRegistry } from '../../src/server/routing/schema-registry.js';
import { buildLayout } from '../../src/client/engine/core/layout';
import { sections } from '../../src/shared/generated/sections/index';
import type { SectionDefinition } from '../../src/shared/section-types';
import { seedDemo } from '../../src/server/demo/seed.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/demo/accounts.js';
import { DEMO_COMPANIES } from '../../src/server/demo/partners.js';
import { filledDocument } from '../helpers/schema-samples.js';
import { testSections, url } from '../helpers/sections.js';
import { pdfText } from '../helpers/file-readers.js';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, ownerWithProperty, waitForTab } from './helpers/facts.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInAs } from './helpers/ui.js';
import { createUser, PASSWORD, signInApi, uniqueEmail } from './helpers/users.js';
import { demoIds } from './helpers/sweep-paths.js';
import { png } from './helpers/gallery.js';
import { readFileSync } from 'node:fs';

const registry = new SchemaRegistry(bundle as unknown as SchemaBundle);

type Body = Record<string, unknown> & unknown[];

describe.skipIf(!hasBrowser())('pages agree after the action that changes them', () => {
  const stage = useStage();
  let demo: Awaited<ReturnType<typeof demoIds>> & { hotelToken: string; second: number };

  beforeAll(async () => {
    await seedDemo(stage.portal.services);
    const ids = await demoIds(stage.portal);
    const second = (
      await stage.portal.services.db.kysely
        .selectFrom('properties')
        .select('id')
        .where('account_id', '=', ids.hotel)
        .where('id', '!=', ids.property)
        .executeTakeFirstOrThrow()
    ).id;
    demo = { ...ids, second, hotelToken: await signInApi(stage.portal, DEMO_ACCOUNTS.hotel.email, DEMO_PASSWORD) };
  });

  const ok = async (token: string, method: string, path: string, body?: unknown, status = 200): Promise<Body> => {
    const res = await apiCall(stage.portal, token, method, path, body);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
    return res.body as Body;
  };

  /** The sample's dates moved to a later year, order kept: no season of it has ended. */
  const later = (value: unknown): unknown =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? `2099${value.slice(4)}`
      : Array.isArray(value)
        ? value.map(later)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, later(v)]))
          : value;

  /** Every fact section filled (with `main` over the sample main info), then published. */
  async function publishFilled(token: string, property: number, main: Record<string, unknown> = {}): Promise<void> {
    for (const s of testSections().filter((x) => x.kind === 'document')) {
      const sample = later(filledDocument(registry.resolved(s.ref))) as Record<string, unknown>;
      const doc = { ...sample, hotel: property, ...(s.key === 'main-info' ? main : {}) };
      await ok(token, 'POST', url(s.routes.create!, property), doc, 201);
    }
    await publish(token, property);
  }
  const publish = (token: string, property: number) =>
    ok(token, 'POST', `/api/facts/property/${property}/publish/create/`);
  async function changeMain(token: string, property: number, change: Record<string, unknown>): Promise<void> {
    const main = await ok(token, 'GET', `/api/facts/main-info/${property}/`);
    await ok(token, 'PUT', `/api/facts/main-info/update/${property}/`, { ...main, ...change });
  }

  /** A contract proposed by `from` with these terms and accepted by `to` through the API. */
  async function contract(from: string, partner: number, to: string, terms: Record<string, unknown> = {}) {
    const proposal = await ok(from, 'POST', '/api/partners/contract/create/', { partner, ...terms }, 201);
    await ok(to, 'PUT', `/api/partners/contract/edit/${proposal.id as number}/`, { status: 'A' });
    return proposal.id as number;
  }

  /** A new tour operator in contract with the demo hotel (every property), signed in through the API. */
  async function demoPartner(terms: Record<string, unknown> = {}) {
    const user = await createUser(stage.portal, { accountType: 'to', firstName: 'Olga' });
    const token = await signInApi(stage.portal, user.email);
    const contractId = await contract(demo.hotelToken, user.id, token, terms);
    return { ...user, token, contractId };
  }

  /** A person's page, signed in, at `landing`. */
  const signedIn = async (email: string, password = PASSWORD, landing = '/') => {
    const opened = await stage.page();
    await signInAs(opened.page, email, password, landing);
    return opened;
  };

  /** In-app navigation (the router, no reload), as a click on the menu goes: what the pages cached stays. */
  const navigate = (page: Page, path: string) =>
    page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);

  /** A table row by the link or text naming its hotel. */
  const rowOf = (scope: Page | Locator, name: string) =>
    scope.getByRole('row').filter({ has: scope.getByText(name, { exact: true }) });

  it('a: the hotel dashboard lists a contract waiting and a property at 0 %, never "Nothing to do"; a live property is not "ready to publish"', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Quince Hotel');
    await publishFilled(hotel.token, hotel.propertyId);
    // A photo: the first steps are all done, so the dashboard shows what to do next.
    const photo = new FormData();
    photo.append('imagesArray', new Blob([new Uint8Array(await png(320, 240))], { type: 'image/png' }), 'front.png');
    const uploaded = await fetch(`${stage.portal.url}/api/facts/property/${hotel.propertyId}/gallery/create/`, {
      method: 'POST',
      headers: { authorization: `Token ${hotel.token}` },
      body: photo,
    });
    expect(uploaded.status, await uploaded.text()).toBe(201);
    const { page, context, problems } = await signedIn(hotel.email);
    const next = page.getByTestId('hotel-next-steps');
    // Live, nothing waiting: nothing to do, and the completeness table says live, not "ready to publish".
    await next.getByText(/^Nothing to do/).waitFor();
    const live = page.getByTestId('completeness-row').filter({ hasText: 'Quince Hotel' });
    await expect.poll(() => live.innerText()).toContain('Nothing: live and up to date');

    // An operator proposes a contract: the hotel has something to do.
    const operator = await createUser(stage.portal, { accountType: 'to' });
    await ok(
      await signInApi(stage.portal, operator.email),
      'POST',
      '/api/partners/contract/create/',
      { partner: hotel.id },
      201,
    );
    await page.reload();
    await next.getByText('1 contract waits on your answer.').waitFor();
    expect(await next.getByText(/Nothing to do/).count()).toBe(0);

    // The hotel adds a second property, nothing filled yet.
    const form = new FormData();
    for (const [k, v] of Object.entries({ hotel_name: 'Quince Annex', country: 'ES', state: 'PM', city: 'Palma' }))
      form.set(k, v);
    const added = await fetch(`${stage.portal.url}/api/facts/property/create/`, {
      method: 'POST',
      headers: { authorization: `Token ${hotel.token}` },
      body: form,
    });
    expect(added.status).toBe(201);

    await page.reload();
    await next.getByText('1 contract waits on your answer.').waitFor();
    await next.getByText(/^Quince Annex: fill in what publishing needs \(Main info, /).waitFor();
    expect(await next.getByText(/Nothing to do/).count()).toBe(0);
    // The figures above it agree: one contract waiting, one property to finish.
    const reports = page.getByTestId('hotel-reports');
    await reports.getByRole('link', { name: 'Contracts waiting: 1' }).waitFor();
    await reports.getByRole('link', { name: 'Properties to finish: 1' }).waitFor();
    await expect.poll(() => live.innerText()).toContain('Nothing: live and up to date');
    expect(await page.getByText(/ready to publish/).count()).toBe(0);
    const annex = page.getByTestId('completeness-row').filter({ hasText: 'Quince Annex' });
    await expect.poll(() => annex.innerText()).toMatch(/Quince Annex \(Unpublished\)\s+0%/);
    // The partners page agrees with the dashboard's count.
    await page.getByTestId('waiting-contracts').getByText('1 contract waits on your answer.').waitFor();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('b: the operator saves the hotel code; "Map the hotel to your code" goes from its dashboard and /mapping says "Mapped"', async () => {
    const { page, context, problems } = await signedIn(DEMO_ACCOUNTS.operator.email, DEMO_PASSWORD);
    const step = page.getByTestId('operator-next-steps').getByRole('link', { name: 'Map the hotel to your code' });
    await expect.poll(() => step.count()).toBe(1);
    await step.click();
    await page.waitForURL(new RegExp(`/datamapping/${demo.second}$`));
    await page.getByRole('textbox', { name: 'Hotel code' }).fill('ANS-SOLLER');
    await page.getByRole('button', { name: 'Save mapping' }).click();
    await page.getByText('Mapping saved.').waitFor();

    await page.goto('/');
    await page.getByTestId('operator-reports').getByRole('link', { name: 'Properties not mapped: 0' }).waitFor();
    expect(await page.getByTestId('operator-next-steps').getByText('Map the hotel to your code').count()).toBe(0);
    const row = page.getByTestId('mapping-row').filter({ hasText: 'Hotel Ananas Sóller' });
    expect(await row.innerText()).not.toContain('(not mapped)');
    await page.goto('/mapping');
    await rowOf(page, 'Hotel Ananas Sóller').getByText('Mapped', { exact: true }).waitFor();
    expect(await rowOf(page, 'Hotel Ananas Sóller').getByText('Not mapped').count()).toBe(0);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it("d: accepted with the hotel's cap, the contract page and the operator's override page say the same level, in words", async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Hotel Capped');
    await publishFilled(hotel.token, hotel.propertyId);
    const operator = await createUser(stage.portal, { accountType: 'to' });
    const opToken = await signInApi(stage.portal, operator.email);
    const proposal = await ok(
      opToken,
      'POST',
      '/api/partners/contract/create/',
      { partner: hotel.id, to_edit_facts: 'Y', override_moderation: 'A' },
      201,
    );
    const h = await signedIn(hotel.email, PASSWORD, `/contract-view/${proposal.id as number}`);
    await h.page
      .getByRole('group', { name: 'Contract actions' })
      .getByRole('button', { name: 'Accept', exact: true })
      .click();
    const accept = h.page.getByRole('dialog');
    await expect(accept.getByLabel('Let this partner override facts as the contract allows').isChecked()).resolves.toBe(
      true,
    );
    await accept.getByLabel('Cap on override moderation').click();
    await h.page.getByRole('option', { name: '2 · Reasonable' }).click();
    await accept.getByRole('button', { name: 'Accept', exact: true }).click();
    await accept.waitFor({ state: 'detached' });
    await h.page
      .getByTestId('contract-state')
      .getByText(/^In force: version 1/)
      .waitFor();

    const o = await signedIn(operator.email);
    for (const { page } of [h, o]) {
      await page.goto(`/contract-view/${proposal.id as number}`);
      const terms = page.locator('main');
      await terms.getByText('4 · Advanced', { exact: true }).first().waitFor();
      await terms.getByText('2 · Reasonable', { exact: true }).first().waitFor();
      const text = await terms.innerText();
      expect(text).not.toContain('Undefined');
      expect(text).not.toMatch(/Moderation level \d \(/);
    }
    await o.page.goto(`/overridefact/${hotel.propertyId}`);
    const allowance = o.page.getByTestId('allowance');
    await allowance.getByText('Moderation level in force: 2 · Reasonable').waitFor();
    expect(await allowance.innerText()).not.toMatch(/\([A-Z]\)/);
    expect(portalOutput(h.problems)).toEqual([]);
    expect(portalOutput(o.problems)).toEqual([]);
    await h.context.close();
    await o.context.close();
  });

  it('e: an export finished in the export centre counts in the operator dashboard\'s "Exports per month"', async () => {
    const operator = await demoPartner();
    const { page, context, problems } = await signedIn(operator.email);
    await page.getByTestId('operator-reports').getByTestId('bar-chart-empty').waitFor();

    await page.goto('/toexportcentre');
    const centre = page.getByTestId('operator-export-centre');
    await centre.getByRole('checkbox', { name: 'Export Hotel Ananas Playa' }).check();
    await centre.getByRole('checkbox', { name: /Facts as CSV/ }).check();
    await centre.getByRole('checkbox', { name: /Fact sheets \(PDF\)/ }).uncheck();
    await centre.getByRole('button', { name: 'Export 1 hotel' }).click();
    const row = centre.getByRole('table', { name: 'Exports' }).locator('tbody tr').first();
    await row.getByText(/^Ready/).waitFor({ timeout: 60_000 });

    await page.goto('/');
    const drawn = page.getByTestId('operator-reports').getByTestId('bar-chart');
    await expect.poll(() => drawn.locator('svg').count()).toBeGreaterThan(0);
    expect(await drawn.locator('.value-axis .visx-axis-tick text').allTextContents()).toEqual(['0', '1']);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it("f: the operator renames the hotel; its lists show its name with the hotel's own under it, and say so", async () => {
    const operator = await demoPartner({ to_edit_facts: 'Y', override_moderation: 'O' });
    const { page, context, problems } = await signedIn(operator.email, PASSWORD, `/overridefact/${demo.property}`);
    await page.getByRole('textbox', { name: 'Hotel name' }).fill('Playa Catalogue Resort');
    await page.getByRole('button', { name: 'Save overrides' }).click();
    await page.locator('[data-override="hotel_name"][data-status="approved"]').waitFor();

    const note =
      "A hotel is listed by the name you gave it where you changed its name (as on your fact sheet and in your exports), with the hotel's own name under it.";
    for (const path of ['/fact-sheet', '/mapping', '/toexportcentre']) {
      await page.goto(path);
      const row = rowOf(page, 'Playa Catalogue Resort');
      await row.getByTestId('hotel-own-name').getByText("Hotel's name: Hotel Ananas Playa").waitFor();
      await page.getByText(note).waitFor();
    }
    await page.goto('/');
    // The dashboard: its mapping table, its note, what the hotel still lacks and the latest changes, all by that name.
    const reports = page.getByTestId('operator-reports');
    const mapped = reports.getByTestId('mapping-row').filter({ hasText: 'Playa Catalogue Resort' });
    await mapped.getByTestId('hotel-own-name').getByText("Hotel's name: Hotel Ananas Playa").waitFor();
    await reports.getByTestId('names-note').getByText(note).waitFor();
    await page
      .getByTestId('operator-next-steps')
      .getByText(/^Playa Catalogue Resort · /)
      .waitFor();
    await reports.getByTestId('feed-item').first().waitFor();
    for (const text of [
      await page.getByTestId('operator-next-steps').innerText(),
      ...(await reports.getByTestId('feed-item').allInnerTexts()),
    ])
      expect(text).not.toContain('Hotel Ananas Playa');
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('g: the hints and the refusal name the same fields, all at once; the second attempt names nothing new', async () => {
    const owner = await ownerWithProperty(stage.portal, 'Hotel Hinted');
    const { page, context, problems } = await signedIn(owner.email, PASSWORD, `/property/${owner.propertyId}/general`);
    await waitForTab(page, 'general');
    const mainDef = (await sections.find((s) => s.key === 'main-info')!.load()) as SectionDefinition;
    const titles = new Map(
      buildLayout(mainDef.schema, mainDef.uiSchema, mainDef.title)
        .groups.flatMap((g) => g.fields)
        .map((f) => [f.key, f.title]),
    );
    const hinted = async () =>
      (
        await page
          .locator('[data-section="main-info"] [id$="__help"]')
          .filter({ hasText: 'Required to publish.' })
          .evaluateAll((els) => els.map((e) => e.id))
      ).map((id) => titles.get(id.replace(/^main-info_/, '').replace(/__help$/, '')) ?? id);
    const before = await hinted();

    await page.getByRole('button', { name: 'Save & publish' }).click();
    const refusal = page.getByTestId('publish-problems');
    await expect.poll(() => refusal.innerText()).toContain('Fill in what is missing before publishing:');
    const first = (await refusal.innerText()).split('\n').filter((l) => /^[^:]+: /.test(l));
    const mainLine = first.find((l) => l.startsWith('Main info: '))!;
    expect(new Set(mainLine.slice('Main info: '.length).split(', '))).toEqual(new Set(before));

    // Fill what the refusal named in Main info; the second attempt names only what the first did.
    const info = page.locator('[data-section="main-info"]');
    await info.getByRole('combobox', { name: 'Accommodation type' }).click();
    await page.getByRole('option', { name: 'Hotel', exact: true }).click();
    await info.getByRole('combobox', { name: 'Rating' }).click();
    await page.getByRole('option', { name: '4 stars' }).click();
    await info.getByRole('textbox', { name: 'Address' }).fill('Passeig 1');
    await info.getByRole('textbox', { name: 'E-mail' }).fill('desk@example.com');
    await info.getByRole('textbox', { name: 'Phone' }).fill('+34 971 000 000');
    await info.getByRole('textbox', { name: 'Zip code' }).fill('07001');
    await page.getByRole('button', { name: 'Save & publish' }).click();
    await expect.poll(async () => (await refusal.innerText()).includes('Main info:')).toBe(false);
    const second = (await refusal.innerText()).split('\n').filter((l) => /^[^:]+: /.test(l));
    expect(second).toEqual(first.filter((l) => l !== mainLine));
    expect(await hinted()).toEqual(before);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('h: a restore on a live property shows "Saved, not published" in the editor, the portfolio and the dashboard', async () => {
    const owner = await ownerWithProperty(stage.portal, 'Hotel Restored');
    await publishFilled(owner.token, owner.propertyId, { zip_code: '07100' });
    await changeMain(owner.token, owner.propertyId, { zip_code: '07200' });
    await publish(owner.token, owner.propertyId);
    const { page, context, problems } = await signedIn(owner.email, PASSWORD, `/property/${owner.propertyId}/general`);
    await waitForTab(page, 'general');
    await expect.poll(() => page.getByTestId('publish-state').innerText()).toBe('Live');
    await page
      .locator('[data-section="main-info"]')
      .getByRole('button', { name: /^History of / })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Restore revision 1' }).click();
    await dialog.getByRole('button', { name: 'Restore revision 1', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.locator('[data-section="main-info"]').getByRole('textbox', { name: 'Zip code' }).inputValue())
      .toBe('07100');
    await expect.poll(() => page.getByTestId('publish-state').innerText()).toBe('Saved, not published');

    await page.goto('/property-portfolio');
    await rowOf(page, 'Hotel Restored').getByText('Saved, not published').waitFor();
    await page.goto('/');
    await page.getByText('Hotel Restored: publish your saved changes, partners still see the previous facts').waitFor();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('i, j, k: publications compare what the operator last saw with the newest; the rating reads the same in history and compare; "Who" is a name', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Hotel Compared');
    await publishFilled(hotel.token, hotel.propertyId, { rating: 4 });
    const operator = await createUser(stage.portal, { accountType: 'to' });
    const opToken = await signInApi(stage.portal, operator.email);
    await contract(hotel.token, operator.id, opToken);
    // The operator reads publication 1; the hotel then publishes twice.
    await ok(opToken, 'GET', `/api/partners/fact-sheet/${hotel.propertyId}/`);
    await changeMain(hotel.token, hotel.propertyId, { rating: 5 });
    await publish(hotel.token, hotel.propertyId);
    await changeMain(hotel.token, hotel.propertyId, { zip_code: '07999' });
    await publish(hotel.token, hotel.propertyId);

    const o = await signedIn(operator.email, PASSWORD, `/fact-sheet/${hotel.propertyId}`);
    await o.page.getByTestId('sheet-header').getByRole('button', { name: 'Publications' }).click();
    const dialog = o.page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('publication-row').count()).toBe(3);
    const comparison = dialog.getByTestId('publication-comparison');
    await expect.poll(() => comparison.getAttribute('aria-label')).toMatch(/\b1\b.*\b3\b/);
    await expect.poll(() => comparison.innerText()).toContain('Rating: 4 stars → 5 stars');
    const compared = await comparison.innerText();
    const [download] = await Promise.all([
      o.page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download the sheet of publication 1' }).click(),
    ]);
    expect(pdfText(readFileSync((await download.path())!))).toMatch(/Superseded by publication 3/);

    const h = await signedIn(hotel.email, PASSWORD, `/property/${hotel.propertyId}/general`);
    await waitForTab(h.page, 'general');
    await h.page.getByTestId('facts-editor').getByRole('button', { name: 'Publications' }).click();
    const list = h.page.getByRole('dialog');
    await expect.poll(() => list.getByTestId('publication-row').count()).toBe(3);
    for (const row of await list.getByTestId('publication-row').all()) {
      const text = await row.innerText();
      expect(text).toContain('Test Person');
      expect(text).not.toContain(hotel.email);
    }
    await list.getByRole('button', { name: /close/i }).click();
    await h.page
      .locator('[data-section="main-info"]')
      .getByRole('button', { name: /^History of / })
      .click();
    const history = h.page.getByRole('dialog');
    await expect
      .poll(() =>
        history
          .getByTestId('history-changes')
          .allInnerTexts()
          .then((t) => t.join('\n')),
      )
      .toContain('Rating: 4 stars → 5 stars');
    expect(compared).toContain('Rating: 4 stars → 5 stars');
    expect(portalOutput(o.problems)).toEqual([]);
    expect(portalOutput(h.problems)).toEqual([]);
    await o.context.close();
    await h.context.close();
  });

  it('l: an unpublished property is "Not yet published" in every operator list and the directory; the export centre says it is left out', async () => {
    const { page, context, problems } = await signedIn(DEMO_ACCOUNTS.operator.email, DEMO_PASSWORD, '/fact-sheet');
    // Each list by a column only it has: the rows looked for are the new page's.
    for (const [path, column] of [
      ['/fact-sheet', 'Your attention'],
      ['/mapping', 'Hotel code'],
      ['/toexportcentre', 'Export'],
    ] as const) {
      await navigate(page, path);
      await page.getByRole('columnheader', { name: column, exact: true }).waitFor();
      await rowOf(page, 'Hotel Ananas Sóller').getByTestId('not-published').waitFor();
      expect(await rowOf(page, 'Hotel Ananas Playa').getByTestId('not-published').count()).toBe(0);
    }
    const centre = page.getByTestId('operator-export-centre');
    await centre.getByRole('checkbox', { name: 'Export Hotel Ananas Playa' }).check();
    await centre.getByRole('checkbox', { name: 'Export Hotel Ananas Sóller' }).check();
    await centre
      .getByText('1 of the 2 chosen hotels is not published yet and will be left out of the export.')
      .waitFor();
    await navigate(page, '/');
    await page
      .getByTestId('operator-reports')
      .getByTestId('mapping-row')
      .filter({ hasText: 'Hotel Ananas Sóller' })
      .getByTestId('not-published')
      .waitFor();
    await navigate(page, '/partners');
    await page.getByRole('columnheader', { name: 'Connection', exact: true }).waitFor();
    const company = page.getByRole('row').filter({ hasText: DEMO_COMPANIES.hotel.company });
    await company.getByTestId('not-published').waitFor();
    expect(await company.getByTestId('not-published').count()).toBe(1);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it("m: sign-up warns, never refuses, when the company name is another account's", async () => {
    const { page, context, problems } = await stage.page();
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Accommodation').check();
    await form.getByLabel('First name').fill('Paula');
    await form.getByLabel('Last name').fill('Playa');
    // Another spelling of the demo hotel's company.
    await form.getByLabel('Company name').fill(`  ${DEMO_COMPANIES.hotel.company.toUpperCase()} `);
    const email = uniqueEmail('namesake');
    await form.getByLabel('E-mail').fill(email);
    await form
      .getByText(
        'Another company is already registered under this name. If it is yours, ask its owner to invite you instead of signing up again.',
      )
      .waitFor();
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await form.getByLabel('Repeat password').fill(PASSWORD);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Sign up' }).click();
    await page.getByTestId('signup-done').waitFor();
    expect(await page.getByTestId('signup-done').innerText()).toContain(email);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
