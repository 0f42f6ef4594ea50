import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * Settings and security: the account's company details and preferences (one validated JSON
 * document each), mailing groups and their contacts, upgrade requests, and two-factor sign-in
 * (a TOTP key per user and single-use recovery codes, stored hashed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('logo_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .execute();

  await db.schema
    .createTable('preferences')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('F'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .execute();

  await withId(db, db.schema.createTable('mailing_lists'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('date_created', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema.createIndex('mailing_lists_account_idx').on('mailing_lists').column('account_id').execute();

  await withId(db, db.schema.createTable('mailing_contacts'))
    .addColumn('mailing_list_id', 'integer', (c) => c.notNull().references('mailing_lists.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email_address', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mailing_contacts_list_idx').on('mailing_contacts').column('mailing_list_id').execute();

  await withId(db, db.schema.createTable('premium_requests'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requested_by', 'integer')
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'text')
    .addColumn('granted_by', 'integer')
    .execute();
  await db.schema.createIndex('premium_requests_account_idx').on('premium_requests').column('account_id').execute();

  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('recovery_codes_user_idx')
    .on('recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createIndex('audit_events_account_kind_idx')
    .on('audit_events')
    .columns(['account_id', 'kind', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_events_account_kind_idx').execute();
  for (const t of [
    'recovery_codes',
    'two_factor',
    'premium_requests',
    'mailing_contacts',
    'mailing_lists',
    'preferences',
    'companies',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
