import type { Services } from '../../services.js';

/** How long the delivery log keeps a settled delivery (delivered or given up). */
export const DELIVERY_RETENTION_DAYS = 90;

/**
 * Remove settled deliveries older than the retention window (housekeeping, hourly). Pending ones
 * stay whatever their age: their job still needs the row, and the hotel's "sent, not confirmed"
 * is about them. Without this the log of a busy operator grows by every event of every hotel.
 */
export async function sweepOldDeliveries(services: Services): Promise<number> {
  const before = new Date(services.clock.now().getTime() - DELIVERY_RETENTION_DAYS * 86_400_000).toISOString();
  const result = await services.db.kysely
    .deleteFrom('webhook_deliveries')
    .where('created_at', '<', before)
    .where('status', '<>', 'pending')
    .executeTakeFirst();
  const removed = Number(result.numDeletedRows);
  if (removed) services.log.info({ deliveries: removed }, 'removed old webhook deliveries');
  return removed;
}
