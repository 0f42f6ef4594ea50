import { describe, expect, it } from 'vitest';
import { hasBrowser } from './helpers/browser.js';
import { useStage } from './helpers/stage.js';
import { portalOutput, signInAs } from './helpers/ui.js';
import { createUser } from './helpers/users.js';

describe.skipIf(!hasBrowser())('developer tools', () => {
  const stage = useStage();

  it('creates a whitelist and a key, copies the key once, and the API answers to it', async () => {
    const owner = await createUser(stage.portal);
    const { context, page, problems } = await stage.page();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stage.portal.url });
    await signInAs(page, owner.email);
    await page.goto('/dev-tools');
    await page.getByRole('heading', { name: 'Developer tools' }).waitFor();

    // A whitelist entry; a bad address is refused at its field.
    await page.getByRole('button', { name: 'New whitelist entry' }).click();
    const entry = page.getByRole('form', { name: 'Whitelist entry' });
    await entry.getByRole('textbox', { name: /^Name/ }).fill('Our servers');
    await entry.getByRole('textbox', { name: /^Addresses, ranges and origins/ }).fill('300.1.1.1');
    await entry.getByRole('button', { name: 'Add entry' }).click();
    await entry.getByText('"300.1.1.1" is not an IP address', { exact: false }).waitFor();
    await entry.getByRole('textbox', { name: /^Addresses, ranges and origins/ }).fill('127.0.0.1, ::1, 10.0.0.0/8');
    await entry.getByRole('button', { name: 'Add entry' }).click();
    await page.getByRole('table', { name: 'Whitelist entries' }).getByText('127.0.0.1, ::1, 10.0.0.0/8').waitFor();

    // A key: its secret is shown once, copied from the dialog.
    await page.getByRole('button', { name: 'New API key' }).click();
    const form = page.getByRole('form', { name: 'API key' });
    await form.getByRole('textbox', { name: /^Title/ }).fill('Channel manager');
    await form.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy your API key now' });
    await dialog.waitFor();
    const secret = await dialog.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(secret).toMatch(/^ak_[0-9a-f]{12}_/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await dialog.getByRole('button', { name: 'I have saved it' }).click();
    const keys = page.getByRole('table', { name: 'API keys list' });
    await keys.getByText(`${secret.slice(0, 15)}…`).waitFor();
    expect(await keys.innerText()).not.toContain(secret);

    // The API, called from here (127.0.0.1, whitelisted) with the copied key.
    const res = await fetch(`${stage.portal.url}/api/v1/properties/`, { headers: { 'x-api-key': secret } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ count: 0, results: [] });
    expect((await fetch(`${stage.portal.url}/api/v1/properties/`)).status).toBe(401);

    // The statistics count the call.
    await page.reload();
    await page.getByRole('table', { name: 'Calls per key and day' }).getByText('Channel manager').waitFor();
    // Revoked: the API refuses the key.
    await keys.getByRole('button', { name: 'Revoke' }).click();
    await keys.getByText('No API keys yet.').waitFor();
    expect((await fetch(`${stage.portal.url}/api/v1/properties/`, { headers: { 'x-api-key': secret } })).status).toBe(
      401,
    );

    await page.goto('/api-integrations');
    await page.getByRole('heading', { name: 'API integrations' }).waitFor();
    await page.getByRole('button', { name: 'Copy: List properties' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('X-Api-Key: $ANANAS_KEY');
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('shows a webhook endpoint paused for failing and resumes it from the page', async () => {
    const owner = await createUser(stage.portal, { accountType: 'to' });
    const now = new Date().toISOString();
    const db = stage.portal.services.db.kysely;
    const secret = stage.portal.services.secrets.seal(
      `whsec_${Buffer.alloc(24, 3).toString('base64')}`,
      `webhook-secret:${owner.id}`,
    );
    const endpoint = await db
      .insertInto('webhook_endpoints')
      .values({
        account_id: owner.id,
        url: 'https://hooks.example/down',
        events: '["facts.updated"]',
        active: true,
        secret,
        date_created: now,
        created_by: owner.id,
        paused_at: now,
        consecutive_failures: 24,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { context, page, problems } = await stage.signedInPage(owner.email);
    await page.goto('/dev-tools');
    const hooks = page.getByRole('region', { name: 'Webhooks' });
    await hooks.getByText('One endpoint is paused', { exact: false }).waitFor();
    await hooks
      .getByRole('table', { name: 'Webhook endpoints' })
      .getByText(/^Paused /)
      .waitFor();
    await hooks.getByRole('button', { name: 'Resume' }).click();
    await page.getByText('Resumed: the waiting deliveries are being sent.').waitFor();
    await hooks.getByText('One endpoint is paused', { exact: false }).waitFor({ state: 'detached' });
    expect(await hooks.getByRole('button', { name: 'Resume' }).count()).toBe(0);
    const row = await db
      .selectFrom('webhook_endpoints')
      .select(['paused_at', 'consecutive_failures'])
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ paused_at: null, consecutive_failures: 0 });
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
