import { deliverEach } from '../../jobs/index.js';
import type { Services } from '../../services.js';

/** The job queue of notification mails (partnership news today): one job per event, one delivery per address. */
export const NOTIFICATION_MAIL_QUEUE = 'notifications.mail';

interface MailPayload {
  subject: string;
  text: string;
}

/** Register the mail job once per app (the handler map may be built again). */
export function registerNotificationJobs(services: Services): void {
  if (services.jobs.has(NOTIFICATION_MAIL_QUEUE)) return;
  services.jobs.register<MailPayload>(
    NOTIFICATION_MAIL_QUEUE,
    async (ctx) => {
      const host = new URL(services.config.publicUrl).hostname || 'ananas.local';
      const summary = await deliverEach(ctx as never, (d) =>
        // The same Message-ID on every attempt: a repeated delivery shows once.
        services.mail.send({
          to: d.recipient,
          subject: ctx.payload.subject,
          text: ctx.payload.text,
          messageId: `<notification-${ctx.id}-${d.id}@${host}>`,
        }),
      );
      return { ...summary };
    },
    { maxAttempts: 6 },
  );
}
