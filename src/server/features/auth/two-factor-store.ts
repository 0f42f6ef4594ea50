import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { recoveryCodeHash } from './two-factor.js';

/** The auth feature's writes to two_factor and recovery_codes behind the Security page. */

type Db = Kysely<Database>;

export async function unusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface PendingKey {
  secret: string;
  enabled_at: null;
  last_step: null;
  created_at: string;
}

/**
 * One statement: a new key replaces a pending one, never an enabled one (a parallel confirm may
 * have won). False when the user's two-factor sign-in is on.
 */
export async function storePendingKey(db: Db, userId: number, values: PendingKey): Promise<boolean> {
  const stored = await db
    .insertInto('two_factor')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values).where('two_factor.enabled_at', 'is', null))
    .returning('user_id')
    .executeTakeFirst();
  return stored !== undefined;
}

/**
 * Turn on exactly the pending key `storedSecret` (false when a parallel confirm or a new
 * enrolment changed it meanwhile).
 */
export async function enableKey(db: Db, userId: number, storedSecret: string, step: number, now: string) {
  const enabled = await db
    .updateTable('two_factor')
    .set({ enabled_at: now, last_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .where('secret', '=', storedSecret)
    .returning('user_id')
    .executeTakeFirst();
  return enabled !== undefined;
}

/** The user's recovery codes become these (stored hashed). */
export async function replaceRecoveryCodes(db: Db, userId: number, codes: readonly string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codes.map((c) => ({ user_id: userId, code_hash: recoveryCodeHash(c), used_at: null })))
    .execute();
}

/** The user's key and recovery codes go. */
export async function removeTwoFactor(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('two_factor').where('user_id', '=', userId).execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}
