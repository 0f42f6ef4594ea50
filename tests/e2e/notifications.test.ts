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

    const dismissed = page.waitForResponse((r) => r.url().endsWith('/api/notification/edit/'));
    await items
      .filter({ hasText: 'Fact sheet downloaded' })
      .getByRole('button', { name: 'Dismiss notification' })
      .click();
    await dismissed;
    expect(await items.count()).toBe(2);
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
});
