import type { Kysely, Selectable } from 'kysely';
import type { Services } from '../../services.js';
import type { CompaniesTable, Database } from '../../db/tables.js';
import type { CompanyFormWire } from '../../../shared/generated/wire-types.js';

/** The queries over companies, the table settings owns. */

export type CompanyRow = Selectable<CompaniesTable>;
/** What is stored: the form's fields, normalised, without the file and the remove flag. */
export type CompanyData = Omit<CompanyFormWire, 'logo' | 'remove_logo'>;

export async function findCompany(services: Services, accountId: number): Promise<CompanyRow | undefined> {
  return services.db.kysely.selectFrom('companies').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** Insert the account's company details unless they exist; false when they did. */
export async function insertCompanyOnce(
  db: Kysely<Database>,
  accountId: number,
  data: CompanyData,
  logoKey: string | null,
  now: string,
  by: number,
): Promise<boolean> {
  const row = await db
    .insertInto('companies')
    .values({
      account_id: accountId,
      data: JSON.stringify(data),
      logo_key: logoKey,
      created_at: now,
      updated_at: now,
      updated_by: by,
    })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .returning('account_id')
    .executeTakeFirst();
  return !!row;
}

/** Replaces the account's company details and logo key, stamped with who and when. */
export async function updateCompany(
  db: Kysely<Database>,
  accountId: number,
  data: CompanyData,
  logoKey: string | null,
  now: string,
  by: number,
): Promise<void> {
  await db
    .updateTable('companies')
    .set({ data: JSON.stringify(data), logo_key: logoKey, updated_at: now, updated_by: by })
    .where('account_id', '=', accountId)
    .execute();
}
