import type { Services } from '../services.js';
import { hashPassword } from '../features/auth/passwords.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.js';
import {
  DEMO_PROPERTY,
  DEMO_ROWS,
  DEMO_SECOND_PROPERTY,
  DEMO_SECOND_ROWS,
  DEMO_SECOND_SECTIONS,
  DEMO_SECTIONS,
} from './hotel.js';
import { seedPhotos } from './photos.js';
import { sectionsOf } from '../features/facts/sections.js';
import { seedPartners } from './partners.js';
import { seedOperatorWorkspace } from './operator.js';
import { seedOperatorExports } from './operator-exports.js';
import { seedNextSteps } from './next-steps.js';
import { seedStopSale } from './stop-sale.js';
import { seedDevtools } from './devtools.js';

export interface SeededAccount {
  role: string;
  email: string;
  password: string;
}

/**
 * Demo data for a first look: an accommodation owner, a tour-operator owner and an authorized
 * user of the hotel with the facts and photos permissions; the demo hotel finished (every field
 * publishing needs, a gallery of generated photos, room-tagged, one featured: photos.ts) and a
 * second property with deliberate gaps (readiness, freshness); company profiles, two more hotels and
 * operators, an accepted contract between the demo hotel and operator and a proposal waiting on
 * the hotel (see partners.ts); the hotel published, with the operator's overrides and mapping
 * (see operator.ts) and a month and a half of availability (stop-sale.ts), and developer tools: whitelists, an operator API key
 * and webhook endpoint, the demo hotel's website widget (devtools.ts). Runs only on an empty database.
 */
export async function seedDemo(services: Services): Promise<SeededAccount[] | undefined> {
  const db = services.db.kysely;
  const existing = await db.selectFrom('users').select('id').limit(1).execute();
  if (existing.length) return undefined;
  const now = services.clock.now().toISOString();
  const { hotel, operator, editor, base } = await seedAccounts(services, now);
  const property = await seedHotel(
    services,
    hotel,
    { property: DEMO_PROPERTY, sections: DEMO_SECTIONS, rows: DEMO_ROWS },
    now,
  );
  await db
    .updateTable('permissions')
    .set({ properties_allowed: JSON.stringify([property]) })
    .where('user_id', '=', editor)
    .execute();
  await seedPhotos(services, { hotel, property, hotelName: DEMO_PROPERTY.hotel_name }, now);
  const second = await seedHotel(
    services,
    hotel,
    { property: DEMO_SECOND_PROPERTY, sections: DEMO_SECOND_SECTIONS, rows: DEMO_SECOND_ROWS },
    now,
  );
  await seedPartners(services, { hotel, operator }, base, now);
  await seedOperatorWorkspace(services, { hotel, operator, property }, now);
  await seedOperatorExports(services, { operator, property });
  await seedNextSteps(services, second, hotel, services.clock.now());
  await seedStopSale(services, { hotel, property }, now);
  await seedDevtools(services, { hotel, operator, property }, now);
  await seedNotices(services, now);
  return seededAccounts();
}

/** The three demo people (hotel owner, operator owner, the hotel's authorized user) and the editor's permissions. */
async function seedAccounts(services: Services, now: string) {
  const db = services.db.kysely;
  const password_hash = await hashPassword(DEMO_PASSWORD);
  const base = {
    password_hash,
    phone: '+34 600 000 000',
    country: 'ES',
    language: 'en',
    is_active: true,
    genuine: true,
    premium_active: false,
    is_staff: false,
    last_password_change: now,
    date_joined: now,
    last_login: null,
    deactivated_at: null,
  };
  const insert = async (a: (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS], managerId: number | null) =>
    (
      await db
        .insertInto('users')
        .values({ ...base, ...a, username: a.email.split('@')[0]!, manager_id: managerId })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const hotel = await insert(DEMO_ACCOUNTS.hotel, null);
  const operator = await insert(DEMO_ACCOUNTS.operator, null);
  const editor = await insert(DEMO_ACCOUNTS.editor, hotel);
  await db
    .insertInto('permissions')
    .values({
      user_id: editor,
      role: 'PR',
      properties_allowed: '[]',
      properties: false,
      facts: true,
      photos: true,
      stop_sales: false,
      stop_sale_room_types: false,
      stop_sale_contact_list: false,
      stop_sale_publishing: false,
      company: false,
      export: false,
      developer_tools: false,
      partner_connections: false,
      premium_subscription: false,
    })
    .execute();
  return { hotel, operator, editor, base };
}

/** The demo's announcement and feature updates. */
async function seedNotices(services: Services, now: string): Promise<void> {
  const db = services.db.kysely;
  await db
    .insertInto('announcements')
    .values({
      message: 'Welcome to Ananas: this is a demo installation; data may be reset at any time.',
      active: true,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('feature_updates')
    .values([
      {
        message_date: '2026-11-01',
        message_category: 'New',
        message_header: 'Schema-driven fact editor',
        message_body:
          'Every fact section now comes from one schema: fields appear in the editor, the API and the fact sheet at once.',
        created_at: now,
      },
      {
        message_date: '2026-10-15',
        message_category: 'Improved',
        message_header: 'Safer sign-in',
        message_body: 'Sessions expire after 3 hours and repeated failed sign-ins are paused for 15 minutes.',
        created_at: now,
      },
    ])
    .execute();
}

/** The accounts a demo start prints, with their password. */
function seededAccounts(): SeededAccount[] {
  return [
    { role: 'Accommodation owner', email: DEMO_ACCOUNTS.hotel.email, password: DEMO_PASSWORD },
    { role: 'Tour-operator owner', email: DEMO_ACCOUNTS.operator.email, password: DEMO_PASSWORD },
    { role: 'Authorized user (hotel, facts + photos)', email: DEMO_ACCOUNTS.editor.email, password: DEMO_PASSWORD },
  ];
}

interface DemoHotel {
  property: { hotel_name: string; country: string; state: string; city: string };
  sections: Record<string, Record<string, unknown>>;
  rows: Record<string, Record<string, unknown>[]>;
}

/** A demo property with its facts: sections, rooms, restaurants, bars, maintenance periods. */
async function seedHotel(services: Services, ownerId: number, hotel: DemoHotel, now: string): Promise<number> {
  const db = services.db.kysely;
  const property = await db
    .insertInto('properties')
    .values({
      account_id: ownerId,
      ...hotel.property,
      publish_date: null,
      logo_key: null,
      created_by: ownerId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = property.id;
  for (const section of sectionsOf(services.schemas)) {
    if (section.kind === 'document' && hotel.sections[section.key]) {
      const doc = services.schemas.clearHidden(section.ref, {
        id,
        hotel: id,
        version: 1,
        ...hotel.sections[section.key],
      });
      const errors = services.schemas.validate(section.ref, doc);
      if (errors) throw new Error(`demo ${section.key} does not match its schema: ${JSON.stringify(errors)}`);
      await db
        .insertInto('fact_sections')
        .values({
          property_id: id,
          section: section.key,
          data: JSON.stringify(doc),
          version: 1,
          updated_at: now,
          updated_by: ownerId,
        })
        .execute();
    }
    for (const [position, raw] of (section.kind === 'list' ? (hotel.rows[section.key] ?? []) : []).entries()) {
      const errors = services.schemas.validate(section.ref, raw);
      if (errors)
        throw new Error(`demo ${section.key} row ${position + 1} does not match its schema: ${JSON.stringify(errors)}`);
      const row = await db
        .insertInto('fact_rows')
        .values({ property_id: id, kind: section.key, position, data: '{}', updated_at: now, updated_by: ownerId })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id: _new, ...facts } = raw;
      await db
        .updateTable('fact_rows')
        .set({ data: JSON.stringify({ id: row.id, hotel: id, ...facts }) })
        .where('id', '=', row.id)
        .execute();
    }
  }
  return id;
}
