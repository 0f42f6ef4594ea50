import type { Insertable, Kysely } from 'kysely';
import type { Database, WhitelistsTable } from '../../db/tables.js';
import { normaliseSpace } from '../../routing/request-reader.js';
import { parseEntries } from './addresses.js';
import type { WhitelistRow } from './whitelists.js';

/** The devtools feature's queries over its whitelists table. */

type Db = Kysely<Database>;

/** The account's whitelist entries by name. */
export function accountWhitelists(db: Db, accountId: number): Promise<WhitelistRow[]> {
  return db
    .selectFrom('whitelists')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** A whitelist entry of the caller's account, or 404. */
export async function accountWhitelist(db: Db, accountId: number, id: number): Promise<WhitelistRow | undefined> {
  return db
    .selectFrom('whitelists')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/**
 * The account's whitelist entry a request names: by id, or by its name or the text of one of its
 * entries (a host name read as its origins) when that names exactly one; undefined otherwise.
 */
export async function namedWhitelist(
  db: Db,
  accountId: number,
  named: number | string,
): Promise<WhitelistRow | undefined> {
  const asId = typeof named === 'number' ? named : /^\d+$/.test(named.trim()) ? Number(named.trim()) : undefined;
  if (asId !== undefined) return asId <= 2147483647 ? accountWhitelist(db, accountId, asId) : undefined;
  const text = normaliseSpace(String(named)).toLowerCase();
  const parsed = parseEntries(String(named));
  const wanted = 'entries' in parsed ? parsed.entries : [];
  const rows = await db.selectFrom('whitelists').selectAll().where('account_id', '=', accountId).execute();
  const matches = rows.filter((r) => {
    const entries = JSON.parse(r.entries) as string[];
    return (
      normaliseSpace(r.name).toLowerCase() === text || (wanted.length > 0 && wanted.every((e) => entries.includes(e)))
    );
  });
  return matches.length === 1 ? matches[0] : undefined;
}

export function insertWhitelist(db: Db, values: Insertable<WhitelistsTable>): Promise<WhitelistRow> {
  return db.insertInto('whitelists').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateWhitelist(
  db: Db,
  id: number,
  fields: { name: string; domain: string; entries: string },
): Promise<void> {
  await db.updateTable('whitelists').set(fields).where('id', '=', id).execute();
}

export async function deleteWhitelist(db: Db, id: number): Promise<void> {
  await db.deleteFrom('whitelists').where('id', '=', id).execute();
}

/** The titles of the API keys that use an entry. */
export async function keyTitlesUsing(db: Db, whitelistId: number): Promise<string[]> {
  const used = await db.selectFrom('api_keys').select('title').where('whitelist_id', '=', whitelistId).execute();
  return used.map((k) => k.title);
}
