import type { Kysely } from 'kysely';

/**
 * The hotel's "sent, not confirmed" view (features/stop-sale/partner-sync.ts) asks one property's
 * stop_sale.updated deliveries per endpoint; an operator's endpoint carries the deliveries of all
 * its hotels, so the endpoint index alone would read them all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_deliveries_property_idx')
    .on('webhook_deliveries')
    .columns(['property_id', 'endpoint_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_property_idx').execute();
}
