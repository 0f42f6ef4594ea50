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

describe.skipIf(!hasBrowser())('export centre in the browser', () => {
  const stage = useStage();

  it('downloads a fact sheet, refuses to send without a group, sends to a group and shows the send complete', async () => {
    const owner = await ownerWithProperty(stage.portal, 'Hotel Exportación');
    await publish(stage.portal, owner.token, owner.propertyId);
    const draft = (await apiCall(stage.portal, owner.token, 'GET', '/api/facts/properties/')).body;
    expect(draft).toHaveLength(1);
    const group = await apiCall(stage.portal, owner.token, 'POST', '/api/settings/mailing-list/create/', {
      name: 'Tour operators',
    });
    for (const [i, email] of ['ops1@example.com', 'ops2@example.com'].entries()) {
      expect(
        (
          await apiCall(stage.portal, owner.token, 'POST', '/api/settings/contact-list/create/', {
            mailing_list: group.body.id,
            name: `Ops ${i + 1}`,
            email_address: email,
          })
        ).status,
      ).toBe(201);
    }

    const { context, page, problems } = await stage.signedInPage(owner.email);
    await page.getByTestId('side-menu').getByRole('link', { name: 'Export Center' }).click();
    await page.waitForURL('**/exportcentre');
    const centre = page.getByTestId('export-centre');
    await centre.getByRole('region', { name: 'Fact sheet' }).waitFor();

    // Download: the browser gets the sheet under its full name (filename*) and the spec's message shows.
    const sheet = centre.getByRole('region', { name: 'Fact sheet' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      sheet.getByRole('button', { name: 'Download fact sheet' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('hotel-exportación-fact-sheet-en.pdf');
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.getByText('Facts sheet downloaded succeessfully').waitFor();

    // Send without a group: the spec's alert, and nothing is sent.
    await sheet.getByRole('button', { name: 'Send fact sheet' }).click();
    await page.getByText('Please Select Group Mail').waitFor();
    await centre.getByText('Nothing has been sent from this property yet.').waitFor();
    expect((await apiCall(stage.portal, owner.token, 'GET', '/api/exports/sends/')).body).toEqual([]);

    // Choose the group and send: answered at once, then the history shows it complete.
    await centre.getByRole('combobox', { name: 'Send to mailing group' }).click();
    await page.getByRole('option', { name: 'Tour operators (2 contacts)' }).click();
    await sheet.getByRole('button', { name: 'Send fact sheet' }).click();
    await page.getByText('Sending to 2 contacts of "Tour operators".').waitFor();
    const row = centre.getByTestId('send-row').first();
    await row.getByText('Sent to 2 of 2').waitFor({ timeout: 60_000 });
    expect(await row.getAttribute('data-state')).toBe('done');
    await row.getByRole('button', { name: /^Recipients of the send/ }).click();
    const recipients = centre.getByTestId('recipient-row');
    await expect.poll(() => recipients.count()).toBe(2);
    expect(await recipients.allInnerTexts()).toEqual([
      expect.stringMatching(/Ops 1\s+ops1@example\.com\s+Sent/),
      expect.stringMatching(/Ops 2\s+ops2@example\.com\s+Sent/),
    ]);
    for (const email of ['ops1@example.com', 'ops2@example.com']) {
      const mails = await stage.portal.outbox.messagesTo(email);
      expect(mails.map((m) => m.subject)).toEqual(['Fact sheet: Hotel Exportación']);
    }
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  }, 180_000);

  it('says the property is not published, and downloads photos as a zip', async () => {
    const owner = await ownerWithProperty(stage.portal, 'Borrador');
    const photo = await (
      await import('sharp')
    )
      .default({ create: { width: 40, height: 30, channels: 3, background: '#3a7bd5' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('imagesArray', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'playa.jpg');
    expect(
      (
        await fetch(`${stage.portal.url}/api/facts/property/${owner.propertyId}/gallery/create/`, {
          method: 'POST',
          headers: { authorization: `Token ${owner.token}` },
          body: form,
        })
      ).status,
    ).toBe(201);
    const { context, page, problems } = await stage.signedInPage(owner.email);
    await page.goto('/exportcentre');
    const centre = page.getByTestId('export-centre');
    await centre
      .getByRole('region', { name: 'Fact sheet' })
      .getByRole('button', { name: 'Download fact sheet' })
      .click();
    await page.getByText('Accommodation not published for live view').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      centre.getByRole('region', { name: 'Photos' }).getByRole('button', { name: 'Download photos' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('borrador-photos.zip');
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    await page.getByText('Photos downloaded.').waitFor();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  }, 120_000);
});
