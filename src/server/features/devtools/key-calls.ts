import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

/** How long a counted call waits, at most, before it is written. */
export const KEY_CALLS_FLUSH_MS = 1_000;

/**
 * The partner API's calls per key and day, and each key's last use, counted in this process and
 * written together at most once a second, and when the server stops. Written per call, every
 * partner API answer was a commit that waited for the WAL to reach the disk, and the calls of one
 * key, all updating the same two rows, queued on each other's row locks. The counts are only
 * shown (the developer tools' statistics and a key's last use; the rate limit counts apart, in
 * limits/limiter.ts), so they may be up to a second late from another node. A failed write keeps
 * its counts for the next one; a key deleted meanwhile has its calls dropped.
 */
export interface KeyCalls {
  count(key: { id: number; account_id: number }, nowIso: string): void;
  /** Writes what was counted so far (this node's: the readers of the counts call it first). */
  flush(): Promise<void>;
  /** Writes what is left and counts no more. */
  close(): Promise<void>;
}

interface Pending {
  keyId: number;
  accountId: number;
  day: string;
  calls: number;
  lastUsed: string;
}

/** Adds counted calls into a batch, the same key and day summed. */
function addPending(into: Map<string, Pending>, p: Pending): void {
  const slot = `${p.keyId}|${p.day}`;
  const had = into.get(slot);
  if (!had) into.set(slot, { ...p });
  else {
    had.calls += p.calls;
    if (p.lastUsed > had.lastUsed) had.lastUsed = p.lastUsed;
  }
}

/** A batch of counts and last uses, in one transaction. */
async function writeCalls(db: Kysely<Database>, batch: readonly Pending[]): Promise<void> {
  const lastUse = new Map<number, string>();
  for (const p of batch) if ((lastUse.get(p.keyId) ?? '') < p.lastUsed) lastUse.set(p.keyId, p.lastUsed);
  await db.transaction().execute(async (trx) => {
    for (const p of batch)
      await trx
        .insertInto('api_key_usage')
        .columns(['key_id', 'account_id', 'day', 'calls'])
        // Only for a key that still exists: one deleted since its calls were counted takes them along.
        .expression((eb) =>
          eb
            .selectFrom('api_keys')
            .select([
              'id',
              // Typed: PostgreSQL reads a bare parameter in a select list as text.
              sql<number>`cast(${p.accountId} as integer)`.as('account_id'),
              sql<string>`cast(${p.day} as text)`.as('day'),
              sql<number>`cast(${p.calls} as integer)`.as('calls'),
            ])
            .where('id', '=', p.keyId),
        )
        .onConflict((oc) =>
          oc.columns(['key_id', 'day']).doUpdateSet({ calls: sql`api_key_usage.calls + cast(${p.calls} as integer)` }),
        )
        .execute();
    for (const [id, at] of lastUse)
      // Never back in time: another node may have written a later use.
      await trx
        .updateTable('api_keys')
        .set({ last_used_at: at })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
        .execute();
  });
}

export function createKeyCalls(
  db: Kysely<Database>,
  log: Pick<FastifyBaseLogger, 'warn'>,
  flushMs = KEY_CALLS_FLUSH_MS,
): KeyCalls {
  let pending = new Map<string, Pending>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    // One write at a time, in the order asked: a reader's flush waits for the one under way.
    writing = writing.then(async () => {
      if (!pending.size) return;
      const batch = [...pending.values()];
      pending = new Map();
      try {
        await writeCalls(db, batch);
      } catch (e) {
        for (const p of batch) addPending(pending, p);
        log.warn({ err: e, keys: batch.length }, 'partner API call counts not written; kept for the next try');
        if (!closed) schedule();
      }
    });
    return writing;
  };

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => void flush(), flushMs);
    timer.unref();
  };

  return {
    count(key, nowIso) {
      addPending(pending, {
        keyId: key.id,
        accountId: key.account_id,
        day: nowIso.slice(0, 10),
        calls: 1,
        lastUsed: nowIso,
      });
      schedule();
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
  };
}
