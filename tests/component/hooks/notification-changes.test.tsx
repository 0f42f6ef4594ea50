import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../src/shared/generated/client-types';
import type { NotificationWire } from '../../../src/shared/generated/wire-types';
import { queryKeys } from '../../../src/client/api/query-keys';
import { useNotificationActions, useNotifications } from '../../../src/client/hooks/use-notifications';
import { sessionStore } from '../../../src/client/session/session';
import { answer, calls } from '../fake-server';
import { renderInApp } from '../render';

/**
 * Changes of the notifications list from two panels, one after the other: the panel is closed
 * and opened again while a read (made by hovering) is on its way, and the new panel dismisses an
 * item. The read's late answer, the list as the server had it before the dismissal, must not
 * bring the item back: the two changes overlapped, whichever panel made them.
 */

const note = (id: number, read = false): NotificationWire =>
  ({
    id,
    user_id: 7,
    notification_type: 'property_published',
    message: `Note ${id}`,
    is_read: read,
  }) as NotificationWire;

/** The hook as one open panel uses it. */
function Panel() {
  const { markRead, dismiss } = useNotificationActions();
  return (
    <div>
      <button type="button" onClick={() => markRead(1)}>
        Read 1
      </button>
      <button type="button" onClick={() => dismiss(2)}>
        Dismiss 2
      </button>
    </div>
  );
}

/** The list as the bell keeps it, and a panel that can be closed and opened anew. */
function Bell() {
  useNotifications();
  const [opened, setOpened] = useState(1);
  return (
    <div>
      <Panel key={opened} />
      <button type="button" onClick={() => setOpened((n) => n + 1)}>
        Reopen
      </button>
    </div>
  );
}

describe('changes of the notifications list', () => {
  it('a read answered late, from a panel since closed, does not bring back what the new panel dismissed', async () => {
    sessionStore.save('token', { id: 7, email: 'o@hotel.example', manager: null, language: 'en' } as unknown as User);
    let server = [note(1), note(2)];
    answer('GET', '/api/notification/', () => server);
    const held: { body: unknown; release: (list: NotificationWire[]) => void }[] = [];
    answer(
      'PATCH',
      '/api/notification/edit/',
      (body: unknown) =>
        new Promise((release) => held.push({ body, release: release as (l: NotificationWire[]) => void })),
    );
    const { user, queries } = renderInApp(<Bell />);
    const list = () => queries.getQueryData<NotificationWire[]>(queryKeys.notifications);
    await waitFor(() => expect(list()).toHaveLength(2));
    // Once dismissed, item 2 must never be in the list again, not even for a moment.
    let dismissed = false;
    let cameBack = false;
    const unsubscribe = queries.getQueryCache().subscribe(() => {
      if (dismissed && list()?.some((n) => n.id === 2)) cameBack = true;
    });

    await user.click(screen.getByRole('button', { name: 'Read 1' }));
    await waitFor(() => expect(held).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss 2' }));
    dismissed = true;
    await waitFor(() => expect(held).toHaveLength(2));
    expect(held.map((h) => h.body)).toEqual([[{ id: 1, action: 'read' }], [{ id: 2, action: 'dismissed' }]]);

    // The dismissal is answered first (the list after both changes), then the read (the list
    // between them, item 2 still in it).
    server = [note(1, true)];
    const gets = calls.filter((c) => c === 'GET /api/notification/').length;
    held[1]!.release([note(1, true)]);
    await waitFor(() => expect(queries.isMutating()).toBe(1));
    held[0]!.release([note(1, true), note(2)]);
    // The last of the overlapping changes asks for the list anew.
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/notification/').length).toBe(gets + 1));
    await waitFor(() => expect(list()).toEqual([note(1, true)]));
    expect(cameBack).toBe(false);
    unsubscribe();
  });
});
