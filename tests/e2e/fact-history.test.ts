/**
 * History and restore in the editor: a wrong save of the rooms list is undone by restoring the
 * revision before it, after the dialog shows what the restore changes.
 */
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './helpers/browser.js';
import { apiCall, openTab, ownerWithProperty, saveTab } from './helpers/facts.js';
import { useStage } from './helpers/stage.js';
import { portalOutput } from './helpers/ui.js';

const room = (name: string) => ({ id: 0, room_name: name, room_name_type: 'double room', room_view: 'Sea view' });

describe.skipIf(!hasBrowser())('fact history in the editor', () => {
  const stage = useStage();

  it('restores the rooms as they were before a wrong save, after showing the diff', async () => {
    const owner = await ownerWithProperty(stage.portal);
    const seeded = await apiCall(stage.portal, owner.token, 'POST', `/api/facts/rooms/update/${owner.propertyId}/`, [
      room('Deluxe double'),
      room('Family suite'),
    ]);
    expect(seeded.status, JSON.stringify(seeded.body)).toBe(200);

    const { context, page, problems } = await stage.signedInPage(owner.email);
    await openTab(page, owner.propertyId, 'rooms');
    const rooms = page.locator('[data-section="room"]');
    // The wrong save: the first room renamed.
    await rooms.getByRole('button', { name: 'Edit Room (1)' }).click();
    await rooms.getByTestId('row-editor').getByRole('textbox', { name: 'Room name' }).fill('Wrong name');
    await saveTab(page, 'Rooms');
    await expect
      .poll(async () =>
        (
          (await apiCall(stage.portal, owner.token, 'GET', `/api/facts/rooms/${owner.propertyId}/`))
            .body as unknown as {
            room_name: string;
          }[]
        ).map((r) => r.room_name),
      )
      .toEqual(['Wrong name', 'Family suite']);

    await rooms.getByRole('button', { name: /^History of / }).click();
    const dialog = page.getByRole('dialog');
    const revisions = dialog.getByTestId('history-revision');
    await expect.poll(() => revisions.count()).toBe(2);
    await expect
      .poll(() => revisions.first().getByTestId('history-changes').innerText())
      .toContain('Deluxe double → Wrong name');
    await expect
      .poll(() => revisions.nth(1).getByTestId('history-changes').innerText())
      .toContain('Room "Family suite" added');

    await dialog.getByRole('button', { name: 'Restore revision 1' }).click();
    await dialog.getByText('Restore revision 1 of').waitFor();
    await expect.poll(() => dialog.getByTestId('history-changes').innerText()).toContain('Wrong name → Deluxe double');
    await dialog.getByRole('button', { name: 'Restore revision 1', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // The editor shows the restored list; the server has it as a new revision.
    await expect.poll(() => rooms.getByTestId('row-summary').first().innerText()).toContain('Deluxe double');
    const stored = (await apiCall(stage.portal, owner.token, 'GET', `/api/facts/rooms/${owner.propertyId}/`))
      .body as unknown as { room_name: string }[];
    expect(stored.map((r) => r.room_name)).toEqual(['Deluxe double', 'Family suite']);
    const history = (await apiCall(stage.portal, owner.token, 'GET', `/api/facts/history/${owner.propertyId}/room/`))
      .body as unknown as { revisions: { revision: number; action: string; restored_from: number | null }[] };
    expect(history.revisions[0]).toEqual(expect.objectContaining({ revision: 3, action: 'restore', restored_from: 1 }));
    expect(portalOutput(problems)).toEqual([]);
    await context.close();
  });
});
