/**
 * Photo rights in the browser (issue 40 §3), as a hotel works them: a photo set not to be passed
 * on in its side panel is marked on its tile with the reason; a bulk edit gives two photos a
 * licence that ended yesterday (one call, both marked "Licence ended on ..."); after a reload the
 * marks stay, and the operator's fact sheet lists only the photo that may leave the account.
 */
import { describe, expect, it } from 'vitest';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../src/shared/bundle-types.js';
import { SchemaRegistry } from '../../src/server/routing/schema-registry.js';
import { formatDate } from '../../src/shared/i18n/format.js';
import { filledDocument } from '../helpers/schema-samples.js';
import { testSections, url } from '../helpers/sections.js';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, ownerWithProperty } from './helpers/facts.js';
import { noisyJpeg } from './helpers/gallery.js';
import type { Portal } from './helpers/portal.js';
import { useStage } from './helpers/stage.js';
import { portalOutput } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';

const registry = new SchemaRegistry(bundle as unknown as SchemaBundle);

async function ok(p: Promise<{ status: number; body: unknown }>, status = 200): Promise<Record<string, unknown>> {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as Record<string, unknown>;
}

async function upload(portal: Portal, token: string, propertyId: number, name: string): Promise<number> {
  const form = new FormData();
  form.append('imagesArray', new Blob([new Uint8Array(await noisyJpeg(320, 240, 120))], { type: 'image/jpeg' }), name);
  const res = await fetch(`${portal.url}/api/facts/property/${propertyId}/gallery/create/`, {
    method: 'POST',
    headers: { authorization: `Token ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }[])[0]!.id;
}

describe.skipIf(!hasBrowser())('photo rights in the gallery', () => {
  const stage = useStage();

  it('marks a photo not passed on and photos whose licence ended (bulk), and the operator never gets them', async () => {
    const hotel = await ownerWithProperty(stage.portal, 'Hotel Derechos');
    for (const s of testSections().filter((x) => x.kind === 'document'))
      await ok(
        apiCall(stage.portal, hotel.token, 'POST', url(s.routes.create!, hotel.propertyId), {
          ...filledDocument(registry.resolved(s.ref)),
          hotel: hotel.propertyId,
        }),
        201,
      );
    const pool = await upload(stage.portal, hotel.token, hotel.propertyId, 'pool.jpg');
    const lobby = await upload(stage.portal, hotel.token, hotel.propertyId, 'lobby.jpg');
    const spa = await upload(stage.portal, hotel.token, hotel.propertyId, 'spa.jpg');
    await ok(apiCall(stage.portal, hotel.token, 'POST', `/api/facts/property/${hotel.propertyId}/publish/create/`));
    const operatorUser = await createUser(stage.portal, { accountType: 'to', firstName: 'Olga' });
    const operator = await signInApi(stage.portal, operatorUser.email);
    const contract = await ok(
      apiCall(stage.portal, hotel.token, 'POST', '/api/partners/contract/create/', { partner: operatorUser.id }),
      201,
    );
    await ok(apiCall(stage.portal, operator, 'PUT', `/api/partners/contract/edit/${contract.id}/`, { status: 'A' }));
    const operatorSees = async () =>
      (
        (await ok(apiCall(stage.portal, operator, 'GET', `/api/partners/fact-sheet/${hotel.propertyId}/`))).photos as {
          id: number;
        }[]
      ).map((p) => p.id);
    expect(await operatorSees()).toEqual([pool, lobby, spa]);

    const { context, page, problems } = await stage.signedInPage(hotel.email);
    await page.goto(`/property-photos/${hotel.propertyId}`);
    const tile = (id: number) => page.locator(`[data-testid="photo-tile"][data-photo-id="${id}"]`);
    await tile(pool).waitFor();
    expect(await page.getByTestId('held-back-mark').count()).toBe(0);

    // One photo, in its side panel: not to be passed on.
    await tile(pool).click();
    const panel = page.getByTestId('photo-panel');
    await panel.getByRole('checkbox', { name: 'May be passed on to partners' }).uncheck();
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(await tile(pool).getByTestId('held-back-mark').innerText()).toBe('Not passed on to partners');
    expect(await tile(pool).getAttribute('aria-label')).toBe('pool, Not passed on to partners');

    // Two photos at once: taken from an agency until yesterday (the server's day).
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await page.getByRole('button', { name: 'Edit rights of several photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rights of several photos' });
    await dialog.getByRole('checkbox', { name: /^pool/ }).check();
    await dialog.getByRole('checkbox', { name: /^lobby/ }).check();
    await dialog.getByRole('combobox', { name: 'Licence' }).click();
    await page.getByRole('option', { name: 'Licensed from a holder' }).click();
    // Sent without the holder, the gallery asks for it first (nothing is sent).
    await dialog.getByRole('button', { name: 'Set for 2 photos' }).click();
    await dialog.getByText('Say whom the photo is licensed from. (pool, lobby)').waitFor();
    await dialog.getByRole('textbox', { name: 'Licensed from' }).fill('Agencia Sol');
    await dialog.getByLabel('Licence ends (last day)').fill(yesterday);
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().endsWith('/gallery/rights/'),
    );
    await dialog.getByRole('button', { name: 'Set for 2 photos' }).click();
    // One call for both; the gallery it answers holds both with the rights set.
    const after = (await (await answered).json()) as Record<string, unknown>[];
    expect(
      after.filter((p) => p.licence_holder === 'Agencia Sol').map((p) => [p.id, p.licence, p.licence_ends]),
    ).toEqual([
      [pool, 'licensed', yesterday],
      [lobby, 'licensed', yesterday],
    ]);
    await dialog.waitFor({ state: 'detached' });
    const ended = `Licence ended on ${formatDate('en', yesterday)}`;
    await tile(lobby).getByTestId('held-back-mark').getByText(ended).waitFor();
    // The photo not passed on says that first; the third photo has no mark.
    expect(await tile(pool).getByTestId('held-back-mark').innerText()).toBe('Not passed on to partners');
    expect(await tile(spa).getByTestId('held-back-mark').count()).toBe(0);
    expect(await page.getByTestId('held-back-count').innerText()).toContain('2 photos are held back');

    // After a reload, the same; in the side panel, the reason and the rights as set.
    await page.reload();
    await tile(lobby).getByTestId('held-back-mark').getByText(ended).waitFor();
    await tile(lobby).click();
    expect(await panel.getByTestId('held-back-note').innerText()).toContain(ended);
    expect(await panel.getByRole('textbox', { name: 'Licensed from' }).inputValue()).toBe('Agencia Sol');

    // The operator's fact sheet lists only the photo that may leave the account.
    expect(await operatorSees()).toEqual([spa]);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
