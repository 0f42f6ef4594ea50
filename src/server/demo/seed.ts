import type { Services } from '../services.js';
import { hashPassword } from '../features/auth/passwords.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.js';

export interface SeededAccount {
  role: string;
  email: string;
  password: string;
}

/**
 * Demo data for a first look: an accommodation owner, a tour-operator owner and an authorized
 * user of the hotel with the facts and photos permissions. Runs only on an empty database.
 */
export async function seedDemo(services: Services): Promise<SeededAccount[] | undefined> {
  const db = services.db.kysely;
  const existing = await db.selectFrom('users').select('id').limit(1).execute();
  if (existing.length) return undefined;
  const now = services.clock.now().toISOString();
  const password_hash = await hashPassword(DEMO_PASSWORD);
  const base = { password_hash, phone: '+34 600 000 000', country: 'ES', language: 'en', is_active: true, genuine: true, premium_active: false, is_staff: false, last_password_change: now, date_joined: now, last_login: null, deactivated_at: null };
  const insert = async (a: (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS], managerId: number | null) =>
    (
      await db
        .insertInto('users')
        .values({ ...base, ...a, username: a.email.split('@')[0]!, manager_id: managerId })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const hotel = await insert(DEMO_ACCOUNTS.hotel, null);
  await insert(DEMO_ACCOUNTS.operator, null);
  const editor = await insert(DEMO_ACCOUNTS.editor, hotel);
  await db
    .insertInto('permissions')
    .values({
      user_id: editor, role: 'PR', properties_allowed: '[]', properties: false, facts: true, photos: true, stop_sales: false,
      stop_sale_room_types: false, stop_sale_contact_list: false, stop_sale_publishing: false, company: false, export: false,
      developer_tools: false, partner_connections: false, premium_subscription: false,
    })
    .execute();
  await db.insertInto('announcements').values({ message: 'Welcome to Ananas: this is a demo installation; data may be reset at any time.', active: true, created_at: now }).execute();
  await db
    .insertInto('feature_updates')
    .values([
      { message_date: '2026-11-01', message_category: 'New', message_header: 'Schema-driven fact editor', message_body: 'Every fact section now comes from one schema: fields appear in the editor, the API and the fact sheet at once.', created_at: now },
      { message_date: '2026-10-15', message_category: 'Improved', message_header: 'Safer sign-in', message_body: 'Sessions expire after 3 hours and repeated failed sign-ins are paused for 15 minutes.', created_at: now },
    ])
    .execute();
  return [
    { role: 'Accommodation owner', email: DEMO_ACCOUNTS.hotel.email, password: DEMO_PASSWORD },
    { role: 'Tour-operator owner', email: DEMO_ACCOUNTS.operator.email, password: DEMO_PASSWORD },
    { role: 'Authorized user (hotel, facts + photos)', email: DEMO_ACCOUNTS.editor.email, password: DEMO_PASSWORD },
  ];
}
