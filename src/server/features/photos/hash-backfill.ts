import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { photoHash } from './similar.js';

/**
 * Perceptual hashes for the photos uploaded before migration 0043 (they have none, so look-alike
 * detection at upload never compares with them): computed in the background through the job
 * queue, a bounded batch per job, each job enqueueing the next after the last photo it read.
 * A worker starts a walk at start; the dedupe key of the walk's first job makes it one across
 * servers starting together.
 */
export const HASH_BACKFILL_QUEUE = 'photos.hash-backfill';

/** Photos read per job: each means reading its display image and decoding it. */
export const HASH_BATCH = 50;

interface Payload {
  /** The walk goes on after this photo id (a photo whose file cannot be read is left behind, not retried at once). */
  after: number;
  /** Photos per job. */
  batch: number;
}

const enqueueFrom = (services: Services, db: Kysely<Database>, payload: Payload) =>
  services.jobs.enqueue(db, {
    queue: HASH_BACKFILL_QUEUE,
    payload: { ...payload },
    dedupeKey: `${HASH_BACKFILL_QUEUE}:${payload.after}`,
    dedupeWhileActive: true,
  });

/** Start a walk over the photos without a hash (at a worker's start), `batch` photos per job. */
export async function scheduleHashBackfill(services: Services, batch = HASH_BATCH): Promise<void> {
  await enqueueFrom(services, services.db.kysely, { after: 0, batch });
}

/**
 * Hash up to `limit` photos without a hash after photo `after` (by id), from their display image
 * as the upload hashes it. Answers how many were hashed and the last id read (null when the walk
 * is over). A file missing or unreadable leaves its photo without a hash (logged); a hash another
 * server wrote meanwhile is kept.
 */
export async function hashMissing(
  services: Services,
  after: number,
  limit = HASH_BATCH,
): Promise<{ hashed: number; last: number | null }> {
  const db = services.db.kysely;
  const rows = await db
    .selectFrom('photos')
    .select(['id', 'display_key'])
    .where('phash', 'is', null)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  let hashed = 0;
  for (const r of rows) {
    let hash: string;
    try {
      const file = await services.storage.open(r.display_key);
      if (!file) throw new Error('no such file');
      hash = await photoHash(await buffer(file.stream));
    } catch (err) {
      services.log.warn({ photo: r.id, err }, 'photo hash backfill: the display image could not be read');
      continue;
    }
    const result = await db
      .updateTable('photos')
      .set({ phash: hash })
      .where('id', '=', r.id)
      .where('phash', 'is', null)
      .executeTakeFirst();
    hashed += Number(result.numUpdatedRows);
  }
  return { hashed, last: rows.length === limit ? rows[rows.length - 1]!.id : null };
}

/** Register the queue once per app. */
export function registerHashBackfill(services: Services): void {
  if (services.jobs.has(HASH_BACKFILL_QUEUE)) return;
  services.jobs.register<Payload>(
    HASH_BACKFILL_QUEUE,
    async (ctx) => {
      const { after, batch } = ctx.payload;
      const { hashed, last } = await hashMissing(services, after, batch);
      if (last !== null) await enqueueFrom(services, ctx.db, { after: last, batch });
      return { hashed, next: last };
    },
    { maxAttempts: 3 },
  );
}
