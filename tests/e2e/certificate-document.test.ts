/**
 * A sustainability certificate's document in the browser (issue 40 part 2): the hotel adds a
 * certificate, uploads a small real PDF in the editor, sees it named, saves, and the certificate
 * reads "Document attached"; the link opens the stored file with the session alone; after a
 * reload the editor still names the document by its file name (read from the property's documents).
 */
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './helpers/browser.js';
import { openTab, ownerWithProperty, waitForTab } from './helpers/facts.js';
import { settled } from './helpers/quiet.js';
import { useStage } from './helpers/stage.js';
import { portalOutput } from './helpers/ui.js';

/** A whole one-page PDF (header, catalogue, page, end marker): what the server takes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe.skipIf(!hasBrowser())("a certificate's document, uploaded in the editor", () => {
  const stage = useStage();

  it('uploads a PDF, names it, and after saving the certificate reads Document attached', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Hotel Verde');
    const { context, page, problems } = await stage.signedInPage(hotel.email);
    await openTab(page, hotel.propertyId, 'sustainability');
    const list = page.locator('[data-section="certificate"]');
    await list.getByRole('button', { name: /add/i }).first().click();
    const editor = list.getByTestId('row-editor');
    await editor.getByRole('combobox', { name: 'Scheme' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Green Key', exact: true }).click();
    await expect.poll(() => editor.getByText('No document').count()).toBe(1);

    await editor
      .getByLabel('Upload document')
      .setInputFiles({ name: 'green-key.pdf', mimeType: 'application/pdf', buffer: PDF });
    const link = editor.getByRole('link', { name: 'green-key.pdf' });
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/api\/facts\/sustainability\/certificate-documents\/file\/\d+\/$/);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await list
      .getByText(/Green Key · Document attached/)
      .first()
      .waitFor();

    // The link opens the stored file with the page's session (a GET carries the session cookie).
    const file = await context.request.get(`${stage.portal.url}${href}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);

    // A reload: the page knows only the document's id from the certificate; it still shows its name.
    await page.reload();
    await waitForTab(page, 'sustainability');
    await list
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const reloaded = list.getByTestId('row-editor').getByRole('link', { name: 'green-key.pdf' });
    await reloaded.waitFor();
    expect(await reloaded.getAttribute('href')).toBe(href);
    await settled(page);

    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  }, 120_000);
});
