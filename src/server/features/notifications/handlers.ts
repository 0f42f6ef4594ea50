import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { activeAnnouncement, featureUpdates, insertFeatureUpdate } from './news-store.js';
import { dismissAllNotifications, editNotifications } from './notification-changes.js';
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
      await editNotifications(services, userId, ctx.body);
      return ok(await listNotifications(services, userId));
    },

    async notificationsDeleteAll(ctx) {
      await dismissAllNotifications(services, caller(ctx).user.id);
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
      const row = await activeAnnouncement(db);
      return ok(row ? { id: row.id, message: row.message } : { message: null });
    },

    async featureUpdatesList() {
      return ok(await featureUpdates(db));
    },

    async featureUpdatesCreate(ctx) {
      const { id: _ignored, ...fields } = ctx.body;
      return created(await insertFeatureUpdate(db, fields, services.clock.now().toISOString()));
    },
  };
}
