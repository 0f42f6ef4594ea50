import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';

/** After 5 failures in 15 minutes the next attempts are refused until the window ends. */
export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;

export interface Slot {
  key: string;
  allowed: boolean;
  endsAt: Date;
}

/**
 * Take one attempt slot for `key`, atomically (one upsert on either dialect), so parallel
 * attempts can never slip past the limit: exactly MAX_FAILURES pass per window.
 */
async function takeSlot(services: Services, db: Kysely<Database>, key: string): Promise<Slot> {
  const now = services.clock.now();
  const cutoff = new Date(now.getTime() - WINDOW_MS).toISOString();
  const nowIso = now.toISOString();
  const result = await sql<{ attempts: number; window_start: string }>`
    insert into login_throttle (key, attempts, window_start) values (${key}, 1, ${nowIso})
    on conflict (key) do update set
      attempts = case when login_throttle.window_start <= ${cutoff} then 1 else login_throttle.attempts + 1 end,
      window_start = case when login_throttle.window_start <= ${cutoff} then ${nowIso} else login_throttle.window_start end
    returning attempts, window_start`.execute(db);
  const row = result.rows[0]!;
  return {
    key,
    allowed: Number(row.attempts) <= MAX_FAILURES,
    endsAt: new Date(Date.parse(row.window_start) + WINDOW_MS),
  };
}

/**
 * Take a slot of every key in one transaction. The first key's row stays locked until commit,
 * so parallel attempts on one account are counted in the same order for every key.
 */
export async function takeSlots(services: Services, keys: readonly string[]): Promise<Slot[]> {
  return services.db.kysely.transaction().execute(async (trx) => {
    const slots: Slot[] = [];
    for (const key of keys) slots.push(await takeSlot(services, trx, key));
    return slots;
  });
}

/** A success gives its slot back, so people who sign in often are never banned. */
export async function releaseSlot(services: Services, key: string): Promise<void> {
  await services.db.kysely
    .updateTable('login_throttle')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('key', '=', key)
    .where('attempts', '>', 0)
    .execute();
}

export async function clearSlots(services: Services, key: string): Promise<void> {
  await services.db.kysely.deleteFrom('login_throttle').where('key', '=', key).execute();
}
