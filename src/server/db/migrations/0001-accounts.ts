import type { Kysely } from 'kysely';
import { FALSE, withId } from './helpers.js';

/** Accounts and sessions: users, tokens, one-time links, sign-in throttling, permissions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('account_type', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('manager_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(FALSE))
    .addColumn('genuine', 'boolean', (c) => c.notNull().defaultTo(FALSE))
    .addColumn('premium_active', 'boolean', (c) => c.notNull().defaultTo(FALSE))
    .addColumn('is_staff', 'boolean', (c) => c.notNull().defaultTo(FALSE))
    .addColumn('last_password_change', 'text')
    .addColumn('date_joined', 'text', (c) => c.notNull())
    .addColumn('last_login', 'text')
    .addColumn('deactivated_at', 'text')
    .execute();
  await db.schema.createIndex('users_manager_idx').on('users').column('manager_id').execute();

  await withId(db, db.schema.createTable('auth_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('client_ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').column('user_id').execute();

  await withId(db, db.schema.createTable('one_time_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .execute();

  let permissions = withId(db, db.schema.createTable('permissions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text')
    .addColumn('properties_allowed', 'text', (c) => c.notNull().defaultTo('[]'));
  for (const flag of [
    'properties',
    'facts',
    'photos',
    'stop_sales',
    'stop_sale_room_types',
    'stop_sale_contact_list',
    'stop_sale_publishing',
    'company',
    'export',
    'developer_tools',
    'partner_connections',
    'premium_subscription',
  ]) {
    permissions = permissions.addColumn(flag, 'boolean', (c) => c.notNull().defaultTo(FALSE));
  }
  await permissions.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['permissions', 'login_throttle', 'one_time_tokens', 'auth_tokens', 'users'])
    await db.schema.dropTable(t).execute();
}
