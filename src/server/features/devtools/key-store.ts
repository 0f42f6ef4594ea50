import { sql, type Insertable, type Kysely, type QueryCreator, type Updateable } from 'kysely';
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

/**
 * Counts a call for the key's day and notes the key's last use in one commit, not two: on PostgreSQL
 * each commit waits for the WAL to reach the disk, which on a busy machine was most of a partner
 * API read's database time (issue 39). PostgreSQL: one statement; SQLite: one transaction.
 */
export async function countKeyCall(
  db: Db,
  dialect: string,
  key: { id: number; account_id: number },
  nowIso: string,
): Promise<void> {
  const today = nowIso.slice(0, 10);
  const count = (q: QueryCreator<Database>) =>
    q
      .insertInto('api_key_usage')
      .values({ key_id: key.id, account_id: key.account_id, day: today, calls: 1 })
      .onConflict((oc) => oc.columns(['key_id', 'day']).doUpdateSet({ calls: sql`api_key_usage.calls + 1` }));
  const touch = (q: QueryCreator<Database>) =>
    q.updateTable('api_keys').set({ last_used_at: nowIso }).where('api_keys.id', '=', key.id);
  if (dialect === 'postgres')
    await db
      .with('counted', (q) => count(q).returning('api_key_usage.key_id'))
      .updateTable('api_keys')
      .set({ last_used_at: nowIso })
      .where('api_keys.id', '=', key.id)
      .execute();
  else
    await db.transaction().execute(async (trx) => {
      await count(trx).execute();
      await touch(trx).execute();
    });
}
