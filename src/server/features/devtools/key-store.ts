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

/** The account's partner API calls per key and day from `from` (YYYY-MM-DD) on, newest day first. */
export function keyUsageSince(db: Db, accountId: number, from: string) {
  return db
    .selectFrom('api_key_usage as u')
    .innerJoin('api_keys as k', 'k.id', 'u.key_id')
    .select(['u.day', 'u.key_id', 'u.calls', 'k.title', 'k.prefix'])
    .where('u.account_id', '=', accountId)
    .where('u.day', '>=', from)
    .orderBy('u.day', 'desc')
    .orderBy('u.key_id')
    .execute();
}

/** The key whose secret (or, until it lapses, previous secret) hashes to `hash`, with its whitelist and account. */
export function keyBySecretHash(db: Db, hash: string, nowIso: string) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('whitelists as w', 'w.id', 'k.whitelist_id')
    .innerJoin('users as u', 'u.id', 'k.account_id')
    .select([
      'k.id',
      'k.account_id',
      'k.created_by',
      'k.expires_at',
      'k.fact_sheet',
      'k.stop_sale',
      'k.hotel_photos',
      'w.entries',
      'u.email',
      'u.username',
      'u.account_type',
      'u.is_staff',
      'u.is_active',
      'u.language',
    ])
    .where((eb) =>
      eb.or([
        eb('k.secret_hash', '=', hash),
        eb.and([eb('k.previous_hash', '=', hash), eb('k.previous_valid_until', '>', nowIso)]),
      ]),
    )
    .executeTakeFirst();
}

export type KeyAuthRow = NonNullable<Awaited<ReturnType<typeof keyBySecretHash>>>;
