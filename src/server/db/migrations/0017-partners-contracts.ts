import { sql, type Kysely } from 'kysely';
import { FALSE, withId } from './helpers.js';

/**
 * Partners and contracts. A contract joins one hotel account and one tour-operator account (both
 * owners' ids); every version of its terms is a row of contract_versions (terms and the diff
 * against the version before); the accepted terms in force are copied onto the contract row and
 * the properties they cover into contract_properties, so "may operator O see property P?" is one
 * indexed lookup (see features/partners/access.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('contracts'))
    .addColumn('hotel_account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('operator_account_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('author_account_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('turn_account_id', 'integer')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('rev', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('accepted_version', 'integer')
    .addColumn('accepted_terms', 'text')
    .addColumn('covers_all', 'boolean', (c) => c.notNull().defaultTo(FALSE))
    .addColumn('accepted_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('canceled_by', 'integer')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .execute();
  // At most one live (pending, changed or accepted) contract per hotel account and operator, and
  // one draft per author and partner; a race between two creates loses on these.
  await db.schema
    .createIndex('contracts_live_pair_uq')
    .on('contracts')
    .columns(['hotel_account_id', 'operator_account_id'])
    .unique()
    .where(sql.ref('status'), 'in', sql`('P', 'C', 'A')`)
    .execute();
  await db.schema
    .createIndex('contracts_draft_pair_uq')
    .on('contracts')
    .columns(['hotel_account_id', 'operator_account_id', 'author_account_id'])
    .unique()
    .where(sql.ref('status'), '=', sql.lit('D'))
    .execute();
  // The access lookups: an operator's contracts (per property, and its whole list), a hotel's.
  await db.schema
    .createIndex('contracts_operator_idx')
    .on('contracts')
    .columns(['operator_account_id', 'hotel_account_id', 'accepted_version'])
    .execute();
  await db.schema
    .createIndex('contracts_hotel_idx')
    .on('contracts')
    .columns(['hotel_account_id', 'operator_account_id'])
    .execute();

  await withId(db, db.schema.createTable('contract_versions'))
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('proposed_by_account', 'integer', (c) => c.notNull())
    .addColumn('proposed_by_user', 'integer')
    .addColumn('proposed_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decided_by_account', 'integer')
    .execute();
  await db.schema
    .createIndex('contract_versions_contract_uq')
    .on('contract_versions')
    .columns(['contract_id', 'number'])
    .unique()
    .execute();

  await db.schema
    .createTable('contract_properties')
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('properties.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('contract_properties_pk', ['contract_id', 'property_id'])
    .execute();
  await db.schema
    .createIndex('contract_properties_property_idx')
    .on('contract_properties')
    .column('property_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['contract_properties', 'contract_versions', 'contracts']) await db.schema.dropTable(t).execute();
}
