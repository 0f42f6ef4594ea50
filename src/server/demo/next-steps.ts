import type { Services } from '../services.js';
import { sendFreshnessReminders } from '../features/next-steps/reminders.js';

const DAY_MS = 86_400_000;

/**
 * What to do next, visible at once: the demo hotel's location was last saved 200 days ago (past
 * the default period of 180: flagged, and reminded of by the daily job) and a maintenance period
 * ended last spring (flagged for review). Readiness needs no seed: the demo's photos, mapping and
 * facts leave gaps of their own. The day's reminder job may have run before the seed: the
 * reminder is sent here (a run that races it reminds of the section once all the same).
 */
export async function seedNextSteps(services: Services, property: number, ownerId: number, now: Date): Promise<void> {
  const db = services.db.kysely;
  const day = (days: number) => new Date(now.getTime() + days * DAY_MS);
  await db
    .updateTable('fact_sections')
    .set({ updated_at: day(-200).toISOString() })
    .where('property_id', '=', property)
    .where('section', '=', 'location')
    .execute();
  const position = (
    await db
      .selectFrom('fact_rows')
      .select('id')
      .where('property_id', '=', property)
      .where('kind', '=', 'maintenance')
      .execute()
  ).length;
  const row = await db
    .insertInto('fact_rows')
    .values({
      property_id: property,
      kind: 'maintenance',
      position,
      data: '{}',
      updated_at: now.toISOString(),
      updated_by: ownerId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const period = {
    maintenance_type_apply: 'Closure of spa area',
    maintenance_zone: 'Partially',
    maintenance_disturbance: 'little disturbing',
    maintenance_from: day(-240).toISOString().slice(0, 10),
    maintenance_to: day(-220).toISOString().slice(0, 10),
  };
  const errors = services.schemas.validate('facts/maintenance.schema.json', { id: row.id, hotel: property, ...period });
  if (errors) throw new Error(`demo maintenance period does not match its schema: ${JSON.stringify(errors)}`);
  await db
    .updateTable('fact_rows')
    .set({ data: JSON.stringify({ id: row.id, hotel: property, ...period }) })
    .where('id', '=', row.id)
    .execute();
  await sendFreshnessReminders(services);
}
