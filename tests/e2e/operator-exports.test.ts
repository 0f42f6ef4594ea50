/**
 * The tour operator's export centre in the browser (issue 15 §4): it selects two contracted
 * hotels, exports their fact sheets and facts, watches the export's progress complete in the
 * history and downloads the one zip.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../src/shared/bundle-types.js';
import { SchemaRegistry } from '../../src/server/routing/schema-registry.js';
import { filledDocument } from '../helpers/schema-samples.js';
import { testSections, url } from '../helpers/sections.js';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, ownerWithProperty } from './helpers/facts.js';
import type { Portal } from './helpers/portal.js';
import { useStage } from './helpers/stage.js';
import { portalOutput } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';

const registry = new SchemaRegistry(bundle as unknown as SchemaBundle);

async function publish(portal: Portal, token: string, property: number): Promise<void> {
  for (const s of testSections().filter((x) => x.kind === 'document')) {
    const res = await apiCall(portal, token, 'POST', url(s.routes.create!, property), {
      ...filledDocument(registry.resolved(s.ref)),
      hotel: property,
    });
    expect(res.status, s.key).toBe(201);
  }
  expect((await apiCall(portal, token, 'POST', `/api/facts/property/${property}/publish/create/`)).status).toBe(200);
}

describe.skipIf(!hasBrowser())("the operator's export centre in the browser", () => {
  const stage = useStage();

  it('selects two hotels, exports them, watches the progress complete and downloads the zip', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Hotel Export Playa');
    const form = new FormData();
    for (const [k, v] of Object.entries({
      hotel_name: 'Hotel Export Monte',
      country: 'ES',
      state: 'PM',
      city: 'Sóller',
    }))
      form.set(k, v);
    const monte = (await (
      await fetch(`${stage.portal.url}/api/facts/property/create/`, {
        method: 'POST',
        headers: { authorization: `Token ${hotel.token}` },
        body: form,
      })
    ).json()) as { id: number };
    await publish(stage.portal, hotel.token, hotel.propertyId);
    await publish(stage.portal, hotel.token, monte.id);
    const operatorUser = await createUser(stage.portal, { accountType: 'to', firstName: 'Olga' });
    const operator = await signInApi(stage.portal, operatorUser.email);
    const contract = await apiCall(stage.portal, hotel.token, 'POST', '/api/partners/contract/create/', {
      partner: operatorUser.id,
    });
    expect(contract.status, JSON.stringify(contract.body)).toBe(201);
    expect(
      (
        await apiCall(stage.portal, operator, 'PUT', `/api/partners/contract/edit/${contract.body.id}/`, {
          status: 'A',
        })
      ).status,
    ).toBe(200);

    const { context, page, problems } = await stage.signedInPage(operatorUser.email);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Export Center' }).click();
    await page.waitForURL('**/toexportcentre');
    const centre = page.getByTestId('operator-export-centre');
    await centre.getByTestId('hotel-count').getByText('2 hotels').waitFor();
    const exportButton = centre.getByRole('button', { name: /^Export \d+ hotels?$/ });
    await expect(exportButton.isDisabled()).resolves.toBe(true);

    await centre.getByRole('checkbox', { name: 'Export Hotel Export Playa' }).check();
    await centre.getByRole('checkbox', { name: 'Export Hotel Export Monte' }).check();
    await centre.getByText('2 hotels chosen').waitFor();
    await centre.getByRole('checkbox', { name: /Facts as CSV/ }).check();
    await centre.getByRole('button', { name: 'Export 2 hotels' }).click();
    await page.getByText(/Exporting 2 hotels\. You can leave this page/).waitFor();

    // The history shows the export with its progress until it is ready.
    const row = centre.getByRole('table', { name: 'Exports' }).locator('tbody tr').first();
    await row.getByText('2 hotels', { exact: true }).waitFor();
    await row.getByText(/^Ready/).waitFor({ timeout: 120_000 });
    await expect(row.getAttribute('data-state')).resolves.toBe('done');

    const id = await row.getAttribute('data-export');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^export-\d{4}-\d{2}-\d{2}-2-hotels\.zip$/);
    const file = (await download.path())!;
    expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(names).toEqual(
      expect.arrayContaining([
        `${hotel.propertyId}-Hotel Export Playa/hotel-export-playa-fact-sheet-en.pdf`,
        `${monte.id}-Hotel Export Monte/hotel-export-monte-fact-sheet-en.pdf`,
        `${hotel.propertyId}-Hotel Export Playa/facts.json`,
        'hotels.csv',
      ]),
    );
    await page.getByText('Export downloaded.').waitFor();

    // Leaving and coming back: the history is still there.
    await page.goto('/home');
    await page.goto('/toexportcentre');
    await page
      .getByRole('table', { name: 'Exports' })
      .locator(`tr[data-export="${id}"]`)
      .getByText(/^Ready/)
      .waitFor();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
