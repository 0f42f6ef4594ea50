import type { Insertable, Kysely, Updateable } from 'kysely';
import type { ApiKeysTable, Database } from '../../db/tables.js';
import { notFound } from '../../plugins/errors.js';
import type { KeyRow } from './keys.js';

type Db = Kysely<Database>;

/** The account's API keys, newest first. */
export function accountKeys(db: Db, accountId: number): Promise<KeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('date_created', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One of the account's API keys, or 404. */
export async function accountKey(db: Db, accountId: number, id: number): Promise<KeyRow> {
  const row = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export function insertKey(db: Db, values: Insertable<ApiKeysTable>): Promise<KeyRow> {
  return db.insertInto('api_keys').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateKey(db: Db, id: number, change: Updateable<ApiKeysTable>): Promise<KeyRow> {
  return db.updateTable('api_keys').set(change).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteKey(db: Db, id: number): Promise<void> {
  await db.deleteFrom('api_keys').where('id', '=', id).execute();
}
