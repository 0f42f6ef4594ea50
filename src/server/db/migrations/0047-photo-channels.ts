import type { Kysely } from 'kysely';

/**
 * The distribution channels a tour operator passes its hotels' photos on to (issue 40 part 4):
 * one row per account and channel key of schemas/partner-photo-rules.json. No rows is the
 * default: the operator has not said, and no channel's photo rules are asked of its hotels. A key
 * the rules file no longer has is ignored when read. Goes with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('photo_channels')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_channels_pk', ['account_id', 'channel'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('photo_channels').execute();
}
