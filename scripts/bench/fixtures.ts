import type { Services } from '../../src/server/services.js';
import { hashPassword } from '../../src/server/features/auth/passwords.js';
import { issueToken } from '../../src/server/features/auth/sessions.js';
import { sectionsOf } from '../../src/server/features/facts/sections.js';
import { filledDocument } from '../../tests/helpers/schema-samples.js';

export const ROW_COUNTS: Record<string, number> = { room: 20, restaurant: 5, bar: 5, maintenance: 10 };

/** An owner with one fully filled hotel: every section, 20 rooms, 5 restaurants, 5 bars, 10 maintenance rows. */
export async function seedBenchHotel(
  services: Services,
): Promise<{ token: string; userId: number; propertyId: number }> {
  const db = services.db.kysely;
  const now = new Date().toISOString();
  const user = await db
    .insertInto('users')
    .values({
      email: `bench-${Date.now()}@example.com`,
      username: `bench${Date.now()}`,
      password_hash: await hashPassword('Bench-Password-1'),
      account_type: 'accommodation',
      first_name: 'Bench',
      last_name: 'Mark',
      phone: '',
      title: '',
      country: 'ES',
      language: 'en',
      manager_id: null,
      is_active: true,
      genuine: false,
      premium_active: false,
      is_staff: false,
      last_password_change: now,
      date_joined: now,
      last_login: null,
      deactivated_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const property = await db
    .insertInto('properties')
    .values({
      account_id: user.id,
      hotel_name: 'Bench Hotel',
      country: 'ES',
      state: 'PM',
      city: 'Palma',
      publish_date: null,
      logo_key: null,
      created_by: user.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const s of sectionsOf(services.schemas)) {
    const schema = services.schemas.resolved(s.ref);
    if (s.kind === 'document') {
      const data = JSON.stringify({ id: property.id, hotel: property.id, version: 1, ...filledDocument(schema) });
      await db
        .insertInto('fact_sections')
        .values({ property_id: property.id, section: s.key, data, version: 1, updated_at: now, updated_by: user.id })
        .execute();
    } else {
      for (let i = 0; i < (ROW_COUNTS[s.key] ?? 0); i++) {
        const row = await db
          .insertInto('fact_rows')
          .values({
            property_id: property.id,
            kind: s.key,
            position: i,
            data: '{}',
            updated_at: now,
            updated_by: user.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const { id: _i, hotel: _h, ...facts } = filledDocument(schema, i);
        await db
          .updateTable('fact_rows')
          .set({ data: JSON.stringify({ id: row.id, hotel: property.id, ...facts }) })
          .where('id', '=', row.id)
          .execute();
      }
    }
  }
  const { token } = await issueToken(services, user.id, {});
  return { token, userId: user.id, propertyId: property.id };
}
