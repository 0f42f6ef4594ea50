import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { listNotifications } from './store.js';
import { issueTicket, openStream } from './stream.js';
import { registerNotificationJobs } from './mail.js';

export function notificationHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  registerNotificationJobs(services);
  return {
    async notificationsList(ctx) {
      return ok(await listNotifications(services, caller(ctx).user.id));
    },

    async notificationsEdit(ctx) {
      const userId = caller(ctx).user.id;
      const read = ctx.body.filter((a) => a.action === 'read').map((a) => a.id);
      const dismissed = ctx.body.filter((a) => a.action === 'dismissed').map((a) => a.id);
      // Ids of other people's notifications match nothing: they are neither changed nor revealed.
      await db.transaction().execute(async (trx) => {
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
      return ok(await listNotifications(services, userId));
    },

    async notificationsDeleteAll(ctx) {
      const userId = caller(ctx).user.id;
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
        await services.live.announce(trx, [userId]);
      });
      return noContent();
    },

    async notificationsStreamTicket(ctx) {
      return created(await issueTicket(services, caller(ctx)));
    },

    async notificationsStream(ctx) {
      await openStream(services, caller(ctx), ctx.reply);
      // The reply was hijacked and written by the stream: the router sends nothing more.
      return noContent();
    },

    async announcementGet() {
      const row = await db
        .selectFrom('announcements')
        .select(['id', 'message'])
        .where('active', '=', true)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return ok(row ? { id: row.id, message: row.message } : { message: null });
    },

    async featureUpdatesList() {
      const rows = await db
        .selectFrom('feature_updates')
        .select(['id', 'message_date', 'message_category', 'message_header', 'message_body'])
        .orderBy('message_date', 'desc')
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
      return ok(rows);
    },

    async featureUpdatesCreate(ctx) {
      const { id: _ignored, ...fields } = ctx.body;
      const row = await db
        .insertInto('feature_updates')
        .values({ ...fields, created_at: services.clock.now().toISOString() })
        .returning(['id', 'message_date', 'message_category', 'message_header', 'message_body'])
        .executeTakeFirstOrThrow();
      return created(row);
    },
  };
}
