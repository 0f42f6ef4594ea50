import type { Kysely } from 'kysely';
import { bool, type Database } from '../../db/tables.js';

/**
 * Whether these people of the account may still use the developer tools, as other features ask
 * (an API key made by an authorized user works only while its maker may): per user id, null when
 * they may, else why not. The owner always may.
 */
export async function developerStanding(
  db: Kysely<Database>,
  accountId: number,
  userIds: readonly number[],
): Promise<Map<number, { email: string | null; refusal: string | null }>> {
  const ids = [...new Set(userIds)];
  const out = new Map<number, { email: string | null; refusal: string | null }>();
  if (!ids.length) return out;
  const users = await db
    .selectFrom('users as u')
    .leftJoin('permissions as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.manager_id', 'u.is_active', 'p.developer_tools'])
    .where('u.id', 'in', ids)
    .execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  for (const id of ids) {
    const u = byId.get(id);
    if (!u || (u.id !== accountId && u.manager_id !== accountId))
      out.set(id, { email: null, refusal: 'The authorized user who made it was removed from the account.' });
    else if (u.id === accountId) out.set(id, { email: u.email, refusal: null });
    else if (!bool(u.is_active)) out.set(id, { email: u.email, refusal: `${u.email}, who made it, is turned off.` });
    else if (!bool(u.developer_tools))
      out.set(id, {
        email: u.email,
        refusal: `${u.email}, who made it, no longer has the developer-tools permission.`,
      });
    else out.set(id, { email: u.email, refusal: null });
  }
  return out;
}
