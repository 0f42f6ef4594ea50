import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasBrowser, launchBrowser, openPage } from './helpers/browser.js';
import { clientWithSchemas, type ClientVariant } from './helpers/client-variant.js';
import { apiCall, openTab, ownerWithProperty, saveTab } from './helpers/facts.js';
import { startPortal, type Portal } from './helpers/portal.js';
import { signInAs } from './helpers/ui.js';

const TITLE = 'Airport shuttle (minutes)';

/**
 * A field added to one section schema (a test copy), then codegen and a client build: it shows
 * in its tab and card, is validated in the browser, saved, stored and shown again after a reload,
 * with no other change anywhere.
 */
describe.skipIf(!hasBrowser())('the schema promise in the browser', () => {
  let variant: ClientVariant;
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    variant = await clientWithSchemas((schemas) => {
      const file = path.join(schemas, 'facts/main-info.schema.json');
      const schema = JSON.parse(readFileSync(file, 'utf8'));
      schema.properties.airport_shuttle_minutes = {
        title: TITLE,
        $ref: '../common/defs.schema.json#/$defs/count',
        'x-ui': { group: 'policies' },
      };
      writeFileSync(file, JSON.stringify(schema, null, 2));
    });
    portal = await startPortal({ clientDir: variant.clientDir, bundle: variant.bundle });
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    variant?.remove();
  });

  it('a new main-info field appears in its card, is checked, saved, stored and shown after a reload', async () => {
    const owner = await ownerWithProperty(portal);
    const { context, page } = await openPage(browser, portal.url);
    await signInAs(page, owner.email);
    await openTab(page, owner.propertyId, 'general');
    const card = page.locator('[data-section="main-info"] [data-group="policies"]');
    const field = card.getByRole('textbox', { name: TITLE });
    await field.fill('-5');
    await field.blur();
    await expect
      .poll(() => page.locator('[id="main-info_airportShuttleMinutes__error"]').innerText())
      .toBe('Ensure this value is greater than or equal to 0.');
    await field.fill('25');
    await saveTab(page, 'Main info');
    expect((await apiCall(portal, owner.token, 'GET', `/api/facts/main-info/${owner.propertyId}/`)).body).toMatchObject(
      { airport_shuttle_minutes: 25 },
    );
    await page.reload();
    await openTab(page, owner.propertyId, 'general');
    await expect.poll(() => card.getByRole('textbox', { name: TITLE }).inputValue()).toBe('25');
    await context.close();
  });

  it('is not in the committed schemas (the test is not vacuous)', async () => {
    const committed = await import('../../src/shared/generated/sections/main-info');
    expect(Object.keys(committed.default.schema.properties ?? {})).not.toContain('airportShuttleMinutes');
    expect(JSON.stringify(variant.bundle)).toContain('airport_shuttle_minutes');
  });
});
