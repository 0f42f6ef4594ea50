import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import type { PausedEndpoint } from '../webhooks/index.js';
import { t } from '../../i18n/index.js';
import { tell } from './tell.js';

/** The owner of a webhook endpoint the outbox paused for failing is told (bell and mail, type webhook_paused). */
export async function tellWebhookPaused(
  services: Services,
  trx: Kysely<Database>,
  endpoint: PausedEndpoint,
): Promise<void> {
  // The address and the receiver's last answer are shown as they are: they are the receiver's, not ours.
  const values = { url: endpoint.url, failures: endpoint.failures };
  await tell(services, trx, {
    type: 'webhook_paused',
    accountId: endpoint.accountId,
    message: (lang) => t(lang, 'notification.webhook_paused.message', values),
    link: '/dev-tools',
    extraId: endpoint.id,
    mail: {
      subject: (lang) => t(lang, 'notification.webhook_paused.subject'),
      body: (lang) =>
        t(lang, 'notification.webhook_paused.body', {
          ...values,
          last: endpoint.lastError
            ? t(lang, 'notification.webhook_paused.last_error', { error: endpoint.lastError })
            : '',
        }),
    },
  });
}
