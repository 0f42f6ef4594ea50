import type { Kysely, Selectable } from 'kysely';
import type { Database, WebhookEndpointsTable } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { queueDelivery } from './emit.js';

type Endpoint = Selectable<WebhookEndpointsTable>;

/** An endpoint the outbox has just paused for failing, as its owner is told of it. */
export interface PausedEndpoint {
  id: number;
  accountId: number;
  url: string;
  /** The failed attempts in a row that paused it (WEBHOOK_PAUSE_AFTER). */
  failures: number;
  lastError: string | null;
}

/**
 * Who hears of a pause, inside the pause's transaction. The notifications feature answers it
 * (features/index.ts hands its function in): the outbox sits below notifications and imports
 * nothing of it.
 */
export type PauseListener = (services: Services, trx: Kysely<Database>, paused: PausedEndpoint) => Promise<void>;

/**
 * Count one attempt against its endpoint: a 2xx sets the run of failures back to 0; a failure
 * adds one, and the one that reaches WEBHOOK_PAUSE_AFTER pauses the endpoint and tells its owner
 * (once: the pause is a conditional update). Answers whether the endpoint is paused now (its jobs
 * then stop retrying until it is resumed).
 */
export async function countAttempt(
  services: Services,
  endpoint: Endpoint,
  delivered: boolean,
  lastError: string | null,
  onPaused: PauseListener,
): Promise<boolean> {
  const db = services.db.kysely;
  if (delivered) {
    await db
      .updateTable('webhook_endpoints')
      .set({ consecutive_failures: 0 })
      .where('id', '=', endpoint.id)
      .where('consecutive_failures', '!=', 0)
      .execute();
    return false;
  }
  const counted = await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1) }))
    .where('id', '=', endpoint.id)
    .returning(['consecutive_failures', 'paused_at'])
    .executeTakeFirst();
  if (!counted) return false;
  if (counted.paused_at) return true;
  const limit = services.config.webhooks.pauseAfter;
  if (counted.consecutive_failures < limit) return false;
  const now = services.clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const paused = await trx
      .updateTable('webhook_endpoints')
      .set({ paused_at: now })
      .where('id', '=', endpoint.id)
      .where('paused_at', 'is', null)
      .executeTakeFirst();
    if (Number(paused.numUpdatedRows) !== 1) return;
    await onPaused(services, trx, {
      id: endpoint.id,
      accountId: endpoint.account_id,
      url: endpoint.url,
      failures: limit,
      lastError,
    });
  });
  return true;
}

/** Resume a paused endpoint: the failure count starts again and its waiting deliveries are sent now. */
export async function resumeEndpoint(services: Services, trx: Kysely<Database>, endpoint: Endpoint): Promise<Endpoint> {
  const resumed = await trx
    .updateTable('webhook_endpoints')
    .set({ paused_at: null, consecutive_failures: 0 })
    .where('id', '=', endpoint.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const waiting = await trx
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('endpoint_id', '=', endpoint.id)
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
  for (const d of waiting) await queueDelivery(services, trx, d.id, endpoint.account_id);
  return resumed;
}
