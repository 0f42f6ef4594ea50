import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { toWire } from '../../src/client/engine/core/validate';
import { setIn } from '../../src/client/engine/core/paths';
import { sections } from '../../src/shared/generated/sections/index';
import type { SectionDefinition } from '../../src/shared/section-types';
import { tabOf } from '../../src/client/pages/facts/tabs';
import { hasBrowser, launchBrowser, openPage } from './helpers/browser.js';
import {
  apiCall,
  expectShown,
  fieldsByKind,
  fill,
  openTab,
  ownerWithProperty,
  sampleValue,
  saveTab,
} from './helpers/facts.js';
import { startPortal, type Portal } from './helpers/portal.js';
import { portalOutput, signInAs } from './helpers/ui.js';

const documents = sections.filter((s) => s.kind === 'document');

describe.skipIf(!hasBrowser())('facts editor: every tab from the schemas', () => {
  let portal: Portal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let owner: Awaited<ReturnType<typeof ownerWithProperty>>;
  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    owner = await ownerWithProperty(portal);
    // Tabs with a rule: an All Inclusive board and check-in at a partner hotel open them.
    expect(
      (
        await apiCall(portal, owner.token, 'POST', '/api/facts/food/create/', {
          hotel: owner.propertyId,
          boards_available: ['All Inclusive Light'],
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await apiCall(portal, owner.token, 'POST', '/api/facts/main-info/create/', {
          hotel: owner.propertyId,
          check_in_partner_hotel: true,
        })
      ).status,
    ).toBe(201);
    ({ context, page, problems } = await openPage(browser, portal.url));
    await signInAs(page, owner.email);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await portal?.stop();
  });

  it.each(documents.map((s) => [s.tab!, s.key] as const))(
    '%s: fills a field of each widget kind, saves, and shows them after a reload',
    async (tab, key) => {
      const def = (await documents.find((s) => s.key === key)!.load()) as SectionDefinition;
      const fields = [...fieldsByKind(def)];
      expect(fields.length).toBeGreaterThan(0);
      await openTab(page, owner.propertyId, tab);
      const scope = page.locator(`[data-section="${key}"]`);
      let expected: Record<string, unknown> = {};
      for (const [kind, node] of fields) {
        const value = sampleValue(node);
        await fill(scope, node, value, kind.startsWith('table-'));
        expected = setIn(expected, node.path, value);
      }
      await saveTab(page, tabOf(tab)!.label);
      await page.reload();
      await openTab(page, owner.propertyId, tab);
      for (const [kind, node] of fields)
        await expectShown(scope, node, pick(expected, node.path), kind.startsWith('table-'));
      const stored = await apiCall(
        portal,
        owner.token,
        'GET',
        def.api!.get!.replace(/\{[^}]+\}/, String(owner.propertyId)),
      );
      expect(stored.body).toMatchObject(toWire(def, expected));
      expect(portalOutput(problems)).toEqual([]);
    },
  );
});

function pick(doc: Record<string, unknown>, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], doc);
}
