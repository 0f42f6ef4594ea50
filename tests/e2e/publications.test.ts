/**
 * Publications (issue 29 §1): the hotel, in its editor, and a contracted operator, on its fact
 * sheet, compare two publications of the property and download the sheet of the earlier one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../src/shared/bundle-types.js';
import { SchemaRegistry } from '../../src/server/routing/schema-registry.js';
import { filledDocument } from '../helpers/schema-samples.js';
import { testSections, url } from '../helpers/sections.js';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, ownerWithProperty } from './helpers/facts.js';
import { useStage } from './helpers/stage.js';
import { portalOutput } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';

const registry = new SchemaRegistry(bundle as unknown as SchemaBundle);

describe.skipIf(!hasBrowser())('publications in the browser', () => {
  const stage = useStage();

  async function twoPublications(): Promise<Awaited<ReturnType<typeof ownerWithProperty>>> {
    const owner = await ownerWithProperty(stage.portal, 'Hotel Publicado');
    const id = owner.propertyId;
    for (const s of testSections().filter((x) => x.kind === 'document')) {
      const res = await apiCall(stage.portal, owner.token, 'POST', url(s.routes.create!, id), {
        ...filledDocument(registry.resolved(s.ref)),
        hotel: id,
      });
      expect(res.status, s.key).toBe(201);
    }
    expect((await apiCall(stage.portal, owner.token, 'POST', `/api/facts/property/${id}/publish/create/`)).status).toBe(
      200,
    );
    const main = (await apiCall(stage.portal, owner.token, 'GET', `/api/facts/main-info/${id}/`)).body;
    expect(
      (
        await apiCall(stage.portal, owner.token, 'PUT', `/api/facts/main-info/update/${id}/`, {
          ...main,
          zip_code: '07999',
        })
      ).status,
    ).toBe(200);
    expect((await apiCall(stage.portal, owner.token, 'POST', `/api/facts/property/${id}/publish/create/`)).status).toBe(
      200,
    );
    return owner;
  }

  it('the hotel compares two publications and downloads the sheet of the earlier one', async () => {
    const owner = await twoPublications();
    const id = owner.propertyId;
    const { context, page, problems } = await stage.signedInPage(owner.email);
    await page.goto(`/property/${id}/general`);
    await page.getByTestId('facts-editor').getByRole('button', { name: 'Publications' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('publication-row').count()).toBe(2);
    // The two latest are compared at once: the zip code, old → new.
    const comparison = dialog.getByTestId('publication-comparison');
    await expect.poll(() => comparison.innerText()).toContain('From publication 1');
    await expect.poll(() => comparison.innerText()).toMatch(/Zip code: .+ → 07999/);
    await comparison.getByRole('button', { name: 'Show on the sheet' }).click();
    await dialog.getByTestId('fact-sheet').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download the sheet of publication 1' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('hotel-publicado-fact-sheet-en-publication-1.pdf');
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('a contracted operator compares them on its fact sheet and downloads the earlier sheet', async () => {
    const hotel = await twoPublications();
    const id = hotel.propertyId;
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
    await page.goto(`/fact-sheet/${id}`);
    await page.getByTestId('sheet-header').getByRole('button', { name: 'Publications' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('publication-row').count()).toBe(2);
    await expect.poll(() => dialog.getByTestId('publication-comparison').innerText()).toMatch(/Zip code: .+ → 07999/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download the sheet of publication 1' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('hotel-publicado-fact-sheet-en-publication-1.pdf');
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
