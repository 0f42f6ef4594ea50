import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/tables.js';

/**
 * The outbox's repository for what its settings screen reads and changes: an account's webhook
 * endpoints and their delivery log. The outbox alone writes these tables (emit.ts adds
 * deliveries, deliver.ts records attempts, pause.ts counts failures, retention.ts sweeps).
 */

type Db = Kysely<Database>;
export type Endpoint = Selectable<WebhookEndpointsTable>;
export type Delivery = Selectable<WebhookDeliveriesTable>;

/** How many deliveries the log of an endpoint shows (newest first). */
const LOG_SIZE = 100;

export function accountEndpoints(db: Db, accountId: number): Promise<Endpoint[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
}

/** One endpoint of the account, else undefined (another account's does not exist for it). */
export function accountEndpoint(db: Db, accountId: number, id: number): Promise<Endpoint | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

export function insertEndpoint(db: Db, values: Insertable<WebhookEndpointsTable>): Promise<Endpoint> {
  return db.insertInto('webhook_endpoints').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateEndpoint(db: Db, id: number, values: Updateable<WebhookEndpointsTable>): Promise<Endpoint> {
  return db.updateTable('webhook_endpoints').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Remove an endpoint and its delivery log; answers false when the endpoint was already gone (two
 * deletes at once: the one that removes the row wins).
 */
export async function deleteEndpoint(db: Db, id: number): Promise<boolean> {
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
  const gone = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  return Number(gone.numDeletedRows) === 1;
}

/** The endpoint's latest deliveries, newest first. */
export function endpointDeliveries(db: Db, endpointId: number): Promise<Delivery[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(LOG_SIZE)
    .execute();
}

/** One delivery of the account, else undefined. */
export function accountDelivery(db: Db, accountId: number, id: number): Promise<Delivery | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** A delivery waits again (a redelivery sends the same message id). */
export function markPending(db: Db, id: number): Promise<Delivery> {
  return db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending' })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
