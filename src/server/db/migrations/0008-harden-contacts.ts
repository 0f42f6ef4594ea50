import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * An address appears at most once in a mailing group, enforced by the database: parallel
 * creates used to pass the handler's check together. Duplicates a race left behind are merged
 * first (the oldest contact stays).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from mailing_contacts where id not in (select min(id) from mailing_contacts group by mailing_list_id, email_address)`.execute(db);
  await db.schema.createIndex('mailing_contacts_list_email_uq').on('mailing_contacts').columns(['mailing_list_id', 'email_address']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mailing_contacts_list_email_uq').execute();
}
