/**
 * Sustainability, from the hotel to its tour operator (issue 40 part 2): the hotel fills a
 * practice and adds a certificate with its document in the editor, saves both; after publishing,
 * the contracted operator's fact sheet page shows the practice and the certificate with its
 * document's name and what backs it ("Document attached"), never the document's id.
 */
import { describe, expect, it } from 'vitest';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../src/shared/bundle-types.js';
import { SchemaRegistry } from '../../src/server/routing/schema-registry.js';
import { filledDocument } from '../helpers/schema-samples.js';
import { testSections, url } from '../helpers/sections.js';
import { hasBrowser } from './helpers/browser.js';
import { contractedOperator, ok } from './helpers/contracts.js';
import { apiCall, openTab, ownerWithProperty, saveTab } from './helpers/facts.js';
import { settled } from './helpers/quiet.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInAs } from './helpers/ui.js';

const registry = new SchemaRegistry(bundle as unknown as SchemaBundle);

/** A whole one-page PDF (header, catalogue, page, end marker): what the server takes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe.skipIf(!hasBrowser())('sustainability, from the hotel to its tour operator', () => {
  const stage = useStage();

  it('saves a practice and a certificate with its document; the operator sheet shows the certificate by name with its status', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Hotel Hoja');
    const property = hotel.propertyId;
    // Every other section filled (so the property can be published); sustainability left to the hotel.
    for (const s of testSections().filter((x) => x.kind === 'document' && x.key !== 'sustainability'))
      await ok(
        apiCall(stage.portal, hotel.token, 'POST', url(s.routes.create!, property), {
          ...filledDocument(registry.resolved(s.ref)),
          hotel: property,
        }),
        201,
      );
    await ok(
      apiCall(stage.portal, hotel.token, 'POST', `/api/facts/rooms/update/${property}/`, [
        { id: 0, room_name: 'Garden Double', room_name_type: 'double room', room_view: 'Pool side' },
      ]),
    );
    const { user: operatorUser } = await contractedOperator(stage.portal, hotel.token);

    // The hotel: a practice, then a certificate with its document.
    const { context, page, problems } = await stage.signedInPage(hotel.email);
    await openTab(page, property, 'sustainability');
    const practices = page.locator('[data-section="sustainability"]');
    await practices.getByRole('textbox', { name: 'Electricity from renewable sources (%)', exact: true }).fill('80');
    await saveTab(page, 'Sustainability');

    const list = page.locator('[data-section="certificate"]');
    await list.getByRole('button', { name: /add/i }).first().click();
    const editor = list.getByTestId('row-editor');
    await editor.getByRole('combobox', { name: 'Scheme' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Green Key', exact: true }).click();
    await editor
      .getByLabel('Upload document')
      .setInputFiles({ name: 'green-key-2026.pdf', mimeType: 'application/pdf', buffer: PDF });
    await editor.getByRole('link', { name: 'green-key-2026.pdf' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await list
      .getByText(/Green Key · Document attached/)
      .first()
      .waitFor();
    await settled(page);

    const stored = await ok(
      apiCall(stage.portal, hotel.token, 'GET', `/api/facts/sustainability/certificates/${property}/`),
    );
    const [certificate] = stored as unknown as Record<string, unknown>[];
    expect(certificate).toMatchObject({ certificate_issuer: 'Green Key', certificate_status: 'document_attached' });
    expect(typeof certificate!.certificate_document).toBe('number');
    await ok(apiCall(stage.portal, hotel.token, 'POST', `/api/facts/property/${property}/publish/create/`));

    // The operator's fact sheet page: the practice, and the certificate by its document's name with its status.
    const o = await stage.page();
    await signInAs(o.page, operatorUser.email);
    await o.page.goto(`/fact-sheet/${property}`);
    const sheet = o.page.getByTestId('fact-sheet');
    await sheet.getByRole('heading', { level: 1, name: 'Hotel Hoja' }).waitFor();
    await sheet
      .getByRole('row')
      .filter({ hasText: 'Electricity from renewable sources (%)' })
      .first()
      .getByText('80')
      .waitFor();
    const certificateRow = sheet.getByRole('row').filter({ hasText: 'Green Key' }).first();
    await certificateRow.getByText('Document attached').waitFor();
    await certificateRow.getByText('green-key-2026.pdf').waitFor();
    expect(await certificateRow.innerText()).not.toContain(String(certificate!.certificate_document));
    await settled(o.page);

    expect(portalOutput(problems)).toEqual([]);
    expect(portalOutput(o.problems)).toEqual([]);
    await o.context.close();
    await context.close();
  }, 180_000);
});
