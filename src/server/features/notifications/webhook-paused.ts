import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import type { PausedEndpoint } from '../webhooks/index.js';
import { tell } from './tell.js';

/** The owner of a webhook endpoint the outbox paused for failing is told (bell and mail, type webhook_paused). */
export async function tellWebhookPaused(
  services: Services,
  trx: Kysely<Database>,
  endpoint: PausedEndpoint,
): Promise<void> {
  const why = endpoint.lastError ? ` The last one: ${endpoint.lastError}` : '';
  await tell(services, trx, {
    type: 'webhook_paused',
    accountId: endpoint.accountId,
    message: `Webhook ${endpoint.url} paused after ${endpoint.failures} failed deliveries in a row. Resume it in Developer tools once the receiver answers.`,
    link: '/dev-tools',
    extraId: endpoint.id,
    mail: {
      subject: 'A webhook endpoint was paused',
      body: `Ananas stopped sending to your webhook endpoint ${endpoint.url}: its last ${endpoint.failures} delivery attempts failed.${why}\n\nEvents are not recorded for it while it is paused. Deliveries that were waiting are sent when you resume it (Developer tools, Webhooks, Resume); the partner API's updated_since list tells what changed meanwhile.`,
    },
  });
}
