import { describe, expect, it } from 'vitest';
import { notify } from '../../src/server/features/notifications/store.js';
import { hasBrowser } from './helpers/browser.js';
import { useStage } from './helpers/stage.js';
import { portalOutput } from './helpers/ui.js';
import { createUser, signInApi } from './helpers/users.js';

const EMPTY = "You don't have any notifications at the moment. Adjust your settings to turn them on";

describe.skipIf(!hasBrowser())('notifications panel', () => {
  const stage = useStage();

  async function serverList(token: string): Promise<{ id: number; is_read: boolean; message: string }[]> {
    const res = await fetch(`${stage.portal.url}/api/notification/`, { headers: { authorization: `Token ${token}` } });
    return (await res.json()) as { id: number; is_read: boolean; message: string }[];
  }

  it('shows the empty text; hover marks read, the cross dismisses, Dismiss All clears', async () => {
    const user = await createUser(stage.portal);
    const token = await signInApi(stage.portal, user.email);
    const { context, page, problems } = await stage.signedInPage(user.email);

    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.getByText(EMPTY, { exact: true }).waitFor();
    expect(await panel.getByRole('button', { name: 'Dismiss All' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    for (const message of ['Contract accepted by Sol Tours', 'Fact sheet downloaded', 'New partnership request']) {
      await notify(stage.portal.services, user.id, { type: 'info', message: () => message });
    }
    await page.goto('/home');
    await page.getByRole('button', { name: 'Notifications (3 unread)' }).waitFor();

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const items = panel.getByTestId('notification');
    await items.first().waitFor();
    expect(await items.count()).toBe(3);
    // Dates in UTC as day/month/year hour:minute, as British English writes them (src/shared/i18n/format.ts).
    expect(await items.first().innerText()).toMatch(/\d\d\/\d\d\/\d{4}, \d\d:\d\d/);

    const first = items.filter({ hasText: 'New partnership request' });
    const read = page.waitForResponse(
      (r) => r.url().endsWith('/api/notification/edit/') && r.request().method() === 'PATCH',
    );
    await first.hover();
    await read;
    await expect.poll(() => first.getAttribute('data-read')).toBe('true');
    // The open panel hides the rest of the page from the accessibility tree: read the badge itself.
    await expect.poll(() => page.getByTestId('unread-badge').innerText()).toBe('2');
    expect((await serverList(token)).find((n) => n.message === 'New partnership request')?.is_read).toBe(true);

    // Moving to the cross hovers the item too, which marks it read: wait for the dismissal's answer.
    const dismissed = page.waitForResponse(
      async (r) => r.url().endsWith('/api/notification/edit/') && !(await r.text()).includes('Fact sheet downloaded'),
    );
    await items
      .filter({ hasText: 'Fact sheet downloaded' })
      .getByRole('button', { name: 'Dismiss notification' })
      .click();
    await dismissed;
    await expect.poll(() => items.count()).toBe(2);
    expect((await serverList(token)).map((n) => n.message).sort()).toEqual([
      'Contract accepted by Sol Tours',
      'New partnership request',
    ]);

    const cleared = page.waitForResponse(
      (r) => r.url().endsWith('/api/notification/delete/') && r.request().method() === 'POST',
    );
    await panel.getByRole('button', { name: 'Dismiss All' }).click();
    await cleared;
    await panel.getByText(EMPTY, { exact: true }).waitFor();
    expect(await serverList(token)).toEqual([]);
    // Close the panel by clicking outside it.
    await page.mouse.click(640, 700);
    await page.getByRole('button', { name: 'Notifications (0 unread)' }).waitFor();
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('keeps a dismissal when the answer to an earlier read comes back after it', async () => {
    const user = await createUser(stage.portal);
    const token = await signInApi(stage.portal, user.email);
    for (const message of ['Stays', 'Goes']) {
      await notify(stage.portal.services, user.id, { type: 'info', message: () => message });
    }
    const { context, page, problems } = await stage.signedInPage(user.email);
    // The server marks the first item read at once; its answer (the list with both items) is held
    // back until the dismissal of the other has been answered.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/notification/edit/', async (route) => {
      const response = await route.fetch();
      if ((route.request().postData() ?? '').includes('"read"')) await held;
      await route.fulfill({ response });
    });

    await page.getByRole('button', { name: 'Notifications (2 unread)' }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const items = panel.getByTestId('notification');
    const read = page.waitForResponse((r) => (r.request().postData() ?? '').includes('"read"'));
    await items.filter({ hasText: 'Stays' }).hover();
    await expect.poll(async () => (await serverList(token)).find((n) => n.message === 'Stays')?.is_read).toBe(true);
    const dismissed = page.waitForResponse((r) => (r.request().postData() ?? '').includes('dismissed'));
    await items.filter({ hasText: 'Goes' }).getByRole('button', { name: 'Dismiss notification' }).click();
    await dismissed;
    await expect.poll(() => items.allInnerTexts()).toEqual([expect.stringContaining('Stays')]);
    // From here on, the dismissed item must not come back, not even for a frame.
    await page.evaluate(() => {
      const w = window as unknown as { cameBack: boolean };
      w.cameBack = false;
      new MutationObserver(() => {
        for (const item of document.querySelectorAll('[data-testid="notification"]')) {
          if (item.textContent?.includes('Goes')) w.cameBack = true;
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    release();
    await read;
    // The list is fetched again after overlapping changes (and on the server's live event).
    await page.waitForResponse((r) => r.url().endsWith('/api/notification/') && r.request().method() === 'GET');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => (window as unknown as { cameBack: boolean }).cameBack)).toBe(false);
    expect(await items.allInnerTexts()).toEqual([expect.stringContaining('Stays')]);
    expect((await serverList(token)).map((n) => n.message)).toEqual(['Stays']);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });

  it('keeps Dismiss All when the answer to an earlier read comes back after it', async () => {
    const user = await createUser(stage.portal);
    const token = await signInApi(stage.portal, user.email);
    await notify(stage.portal.services, user.id, { type: 'info', message: () => 'Read, then cleared' });
    const { context, page, problems } = await stage.signedInPage(user.email);
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/notification/edit/', async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });

    await page.getByRole('button', { name: 'Notifications (1 unread)' }).click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const read = page.waitForResponse((r) => r.url().endsWith('/api/notification/edit/'));
    await panel.getByTestId('notification').hover();
    await expect.poll(async () => (await serverList(token))[0]?.is_read).toBe(true);
    const cleared = page.waitForResponse((r) => r.url().endsWith('/api/notification/delete/'));
    await panel.getByRole('button', { name: 'Dismiss All' }).click();
    await cleared;
    await panel.getByText(EMPTY, { exact: true }).waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { cameBack: boolean };
      w.cameBack = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="notification"]')) w.cameBack = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    release();
    await read;
    await page.waitForResponse((r) => r.url().endsWith('/api/notification/') && r.request().method() === 'GET');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => (window as unknown as { cameBack: boolean }).cameBack)).toBe(false);
    expect(await serverList(token)).toEqual([]);
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
