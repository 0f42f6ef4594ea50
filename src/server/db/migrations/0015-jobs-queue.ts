import type { Kysely } from 'kysely';
import { withId } from './helpers.js';

/**
 * The durable job queue (src/server/jobs/): one row per job, claimed with a lease that expires,
 * so a killed process's jobs are taken again; and per-recipient delivery records for jobs that
 * mail several people, so a resumed job never mails anyone twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('jobs'))
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('result', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('dedupe_while_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['state', 'run_at']).execute();
  await db.schema.createIndex('jobs_account_idx').on('jobs').columns(['account_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('job_deliveries'))
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ref_id', 'integer')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('claim', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('message_id', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('job_deliveries_job_idx')
    .on('job_deliveries')
    .columns(['job_id', 'recipient'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_deliveries').execute();
  await db.schema.dropTable('jobs').execute();
}
