import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Rules that handlers checked before writing, now enforced by the database, because parallel
 * calls passed the check together: an address appears at most once in a mailing group, and an
 * account has at most one upgrade request waiting. Duplicates a race left behind are merged
 * first (the oldest stays).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from mailing_contacts where id not in (select min(id) from mailing_contacts group by mailing_list_id, email_address)`.execute(
    db,
  );
  await db.schema
    .createIndex('mailing_contacts_list_email_uq')
    .on('mailing_contacts')
    .columns(['mailing_list_id', 'email_address'])
    .unique()
    .execute();

  await sql`delete from premium_requests where status = 'pending' and id not in (select min(id) from premium_requests where status = 'pending' group by account_id)`.execute(
    db,
  );
  await db.schema
    .createIndex('premium_requests_pending_uq')
    .on('premium_requests')
    .column('account_id')
    .unique()
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('premium_requests_pending_uq').execute();
  await db.schema.dropIndex('mailing_contacts_list_email_uq').execute();
}
