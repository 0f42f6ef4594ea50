import type { Services } from '../../services.js';

/** A user's changes to their own notifications; their other tabs hear of each (the badge updates). */

export interface NotificationAction {
  id: number;
  action: 'read' | 'dismissed';
}

/**
 * Marks notifications read or dismisses them. Ids of other people's notifications match nothing:
 * they are neither changed nor revealed.
 */
export async function editNotifications(
  services: Services,
  userId: number,
  actions: readonly NotificationAction[],
): Promise<void> {
  const read = actions.filter((a) => a.action === 'read').map((a) => a.id);
  const dismissed = actions.filter((a) => a.action === 'dismissed').map((a) => a.id);
  await services.db.kysely.transaction().execute(async (trx) => {
    if (read.length)
      await trx
        .updateTable('notifications')
        .set({ is_read: true })
        .where('user_id', '=', userId)
        .where('id', 'in', read)
        .execute();
    if (dismissed.length)
      await trx.deleteFrom('notifications').where('user_id', '=', userId).where('id', 'in', dismissed).execute();
    // The user's other tabs update their badge too.
    await services.live.announce(trx, [userId]);
  });
}

/** Dismisses every notification of the user. */
export async function dismissAllNotifications(services: Services, userId: number): Promise<void> {
  await services.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
    await services.live.announce(trx, [userId]);
  });
}
