import type { Kysely } from 'kysely';

/**
 * A receiver that keeps failing is paused (features/devtools/webhooks.ts): its consecutive failed
 * attempts are counted on the endpoint, and when it was paused. Each delivery keeps why its last
 * attempt failed (refused address, time-out, connection error), shown in the delivery log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('webhook_endpoints')
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('webhook_endpoints').addColumn('paused_at', 'text').execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('last_error', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').dropColumn('last_error').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('paused_at').execute();
  await db.schema.alterTable('webhook_endpoints').dropColumn('consecutive_failures').execute();
}
