import type { Services } from '../services.js';
import { t } from '../i18n/index.js';
import { filledPercent, completeness } from '../features/facts/completeness.js';
import { documentsJson, storedDocuments } from '../features/publications/documents.js';
import { roomsOf } from '../features/publications/store.js';
import { defaults, findPreferences, insertPreferences } from '../features/settings/preferences.js';

/**
 * The operator's workspace as a demo: the demo hotel published twice (the demo operator looked at
 * the first publication, so the second one's change of check-in time shows as "changed since you
 * looked"), partners allowed to override facts, one override of the demo operator in force and one
 * waiting for the hotel's review, and the hotel and its first two rooms mapped (the others not:
 * the mapping page suggests nothing yet, the fact sheet counts them unmapped).
 */
export async function seedOperatorWorkspace(services: Services, ids: DemoIds, now: string): Promise<void> {
  const db = services.db.kysely;
  const earlier = new Date(Date.parse(now) - 7 * 86_400_000).toISOString();
  const documents = await storedDocuments(db, services.schemas, ids.property);
  const at = { now, earlier };
  await publishTwice(services, ids, at, documents);
  await allowOverrides(services, ids, now);
  await seedOverrides(services, ids, at, documents);
  await seedMappings(services, ids, earlier, documents);
}

type DemoIds = { hotel: number; operator: number; property: number };
type Documents = Awaited<ReturnType<typeof storedDocuments>>;

/** The demo hotel published a week ago (check-in at 14:00, seen by the operator) and now. */
async function publishTwice(
  services: Services,
  ids: DemoIds,
  { now, earlier }: { now: string; earlier: string },
  documents: Documents,
): Promise<void> {
  const db = services.db.kysely;
  const percent = filledPercent(await completeness(services, ids.property));
  const main = documents.get('main-info') as Record<string, unknown>;
  const first = new Map(documents);
  first.set('main-info', { ...main, check_in_time: '14:00' });
  const rooms = JSON.stringify(roomsOf(documents));
  const facts = await db
    .selectFrom('properties')
    .select('facts_rev')
    .where('id', '=', ids.property)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('publications')
    .values([
      {
        property_id: ids.property,
        number: 1,
        facts_rev: facts.facts_rev,
        data: documentsJson(first),
        completeness: percent,
        rooms,
        published_by: ids.hotel,
        published_at: earlier,
      },
      {
        property_id: ids.property,
        number: 2,
        facts_rev: facts.facts_rev,
        data: documentsJson(documents),
        completeness: percent,
        rooms,
        published_by: ids.hotel,
        published_at: now,
      },
    ])
    .execute();
  await db.updateTable('properties').set({ publish_date: now }).where('id', '=', ids.property).execute();
  await db
    .insertInto('operator_views')
    .values({ operator_account_id: ids.operator, property_id: ids.property, publication_number: 1, viewed_at: earlier })
    .execute();
}

/** The hotel lets partners override its facts. */
async function allowOverrides(services: Services, ids: DemoIds, now: string): Promise<void> {
  const db = services.db.kysely;
  const prefs = await findPreferences(db, ids.hotel);
  if (prefs) {
    const data = { ...(JSON.parse(prefs.data) as Record<string, unknown>), partner_override_facts: true };
    await db
      .updateTable('preferences')
      .set({ data: JSON.stringify(data) })
      .where('account_id', '=', ids.hotel)
      .execute();
  } else {
    await insertPreferences(
      db,
      ids.hotel,
      { ...defaults(services.schemas.resolved('settings/preferences.schema.json')), partner_override_facts: true },
      'F',
      now,
      ids.hotel,
    );
  }
}

/** The operator's overrides (two in force, one waiting) and the hotel's notification of the waiting one. */
async function seedOverrides(
  services: Services,
  ids: DemoIds,
  { now, earlier }: { now: string; earlier: string },
  documents: Documents,
): Promise<void> {
  const db = services.db.kysely;
  const location = (documents.get('location') ?? {}) as Record<string, unknown>;
  const override = (
    field: string,
    value: unknown,
    hotel: unknown,
    status: 'approved' | 'pending',
    comment: string,
  ) => ({
    operator_account_id: ids.operator,
    property_id: ids.property,
    field,
    value: JSON.stringify(value),
    hotel_value: JSON.stringify(hotel ?? null),
    status,
    comment,
    created_by: ids.operator,
    created_at: earlier,
    decided_by: null,
    decided_at: status === 'approved' ? earlier : null,
    decision_comment: null,
    drift_value: null,
    drift_at: null,
  });
  await db
    .insertInto('overrides')
    .values([
      override(
        'location.distance_to_city_center',
        25,
        location.distance_to_city_center,
        'approved',
        'Our guests count minutes by bus.',
      ),
      override(
        'location.distance_to_city_center_unit',
        'minutes',
        location.distance_to_city_center_unit,
        'approved',
        'Our guests count minutes by bus.',
      ),
      override(
        'location.distance_to_beach',
        100,
        location.distance_to_beach,
        'pending',
        'Measured from the main entrance.',
      ),
    ])
    .execute();
  await db
    .insertInto('notifications')
    .values({
      user_id: ids.hotel,
      notification_type: 'override_pending',
      // The demo's people speak English (seed.ts): the words of the event itself, in English.
      message: t('en', 'notification.override_pending.message', {
        company: 'Oskar Tours',
        count: 1,
        hotel: 'Hotel Ananas Playa',
      }),
      is_read: false,
      extra_id: ids.property,
      property_id: ids.property,
      window_start: now,
      link: `/fact-reviews?property=${ids.property}`,
      created_at: now,
    })
    .execute();
}

/** The hotel and its first two rooms mapped by the operator. */
async function seedMappings(services: Services, ids: DemoIds, earlier: string, documents: Documents): Promise<void> {
  const db = services.db.kysely;
  const published = roomsOf(documents);
  await db
    .insertInto('hotel_mappings')
    .values({
      operator_account_id: ids.operator,
      property_id: ids.property,
      override_code: 'PMI-ANP',
      local_id: '4711',
      external_id: null,
      supplying_name: 'Ananas Playa direct',
      free_event_code: 'FS',
      open_event_code: 'OS',
      stop_event_code: 'SS',
      request_event_code: 'RQ',
      block_event_code: 'BL',
      updated_by: ids.operator,
      updated_at: earlier,
    })
    .execute();
  for (const [i, room] of published.slice(0, 2).entries()) {
    await db
      .insertInto('room_mappings')
      .values({
        operator_account_id: ids.operator,
        property_id: ids.property,
        room_id: room.id,
        linked: true,
        link_date: earlier,
        override_code: `ANP-${i + 1}`,
        new_name: room.name,
        original_name: room.name,
        free_event_code: null,
        open_event_code: null,
        stop_event_code: null,
        request_event_code: null,
        block_event_code: null,
        updated_by: ids.operator,
        updated_at: earlier,
      })
      .execute();
  }
}
