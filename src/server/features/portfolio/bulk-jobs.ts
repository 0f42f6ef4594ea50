import { flattenErrors } from '../../../shared/errors.js';
import { PermanentJobError, type JobContext } from '../../jobs/index.js';
import { ApiError } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { userContext } from '../auth/index.js';
import { readSection, updateSection, restoreRevision } from '../facts/index.js';
import { bulkSection, holdsValues, planFor } from './bulk-plan.js';
import { APPLY_QUEUE, UNDO_QUEUE, type BatchRow } from './bulk-store.js';
import { tellBatchDone } from './bulk-news.js';

type Doc = Record<string, unknown>;

const stopIfAborted = (signal: AbortSignal): void => {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('stopped');
};

const messageOf = (e: unknown): string =>
  (e instanceof ApiError ? flattenErrors(e.body).join(' ') : e instanceof Error ? e.message : String(e)).slice(0, 1000);

/** The batch of a job and the person who started it, as they are now (a job outlives their session). */
async function batchOf(
  ctx: JobContext<unknown>,
  column: 'job_id' | 'undo_job_id',
): Promise<{ batch: BatchRow; auth: AuthContext }> {
  const batch = await ctx.db.selectFrom('bulk_edits').selectAll().where(column, '=', ctx.id).executeTakeFirst();
  if (!batch) throw new PermanentJobError('The bulk edit was removed.');
  const auth = batch.created_by === null ? undefined : await userContext(ctx.db, batch.created_by);
  if (!auth || !auth.can('facts'))
    throw new PermanentJobError('The person who started this bulk edit may no longer edit facts.');
  return { batch, auth };
}

/**
 * Apply a batch, property after property, each through the normal save path (updateSection: the
 * version check, one revision, one audit entry). A property that fails (its document refuses the
 * values, the save is refused) fails alone. Before saving, the item keeps the values it had and the
 * values it gets: a retried job recognises a property saved just before a crash, and undo has
 * what to save back.
 */
export async function applyBatch(
  services: Services,
  ctx: JobContext<unknown>,
): Promise<{ applied: number; failed: number }> {
  const db = ctx.db;
  const { batch, auth } = await batchOf(ctx, 'job_id');
  const section = bulkSection(services, batch.section);
  const values = JSON.parse(batch.new_values) as Doc;
  const items = await db
    .selectFrom('bulk_edit_items')
    .selectAll()
    .where('batch_id', '=', batch.id)
    .orderBy('position')
    .execute();
  let done = items.filter((i) => i.outcome !== 'pending').length;
  for (const item of items) {
    if (item.outcome !== 'pending') continue;
    stopIfAborted(ctx.signal);
    const stored = await readSection(services, item.property_id, section.key);
    const set = (fields: {
      outcome: string;
      message?: string | null;
      changes?: string | null;
      before?: string | null;
      after?: string | null;
      version_before?: number | null;
      version_after?: number | null;
    }) => db.updateTable('bulk_edit_items').set(fields).where('id', '=', item.id).execute();
    if (item.after && holdsValues(services, section, stored?.data, JSON.parse(item.after) as Doc)) {
      // Saved just before a crash: the version it holds now is the batch's.
      await set({ outcome: 'applied', version_after: item.version_after ?? stored?.version ?? null });
    } else {
      const plan = planFor(services, section, item.property_id, stored?.data, values);
      if (plan.outcome === 'same') await set({ outcome: 'same' });
      else if (plan.outcome === 'invalid')
        await set({ outcome: 'failed', message: plan.message, changes: JSON.stringify(plan.changes) });
      else {
        await set({
          outcome: 'pending',
          before: JSON.stringify(plan.before),
          after: JSON.stringify(plan.after),
          changes: JSON.stringify(plan.changes),
          version_before: stored?.version ?? null,
        });
        try {
          const saved = JSON.parse(
            await updateSection(services, auth, batch.ip ?? '', section, item.property_id, {
              ...plan.doc,
              version: stored?.version ?? null,
            }),
          ) as Doc;
          await set({ outcome: 'applied', version_after: typeof saved.version === 'number' ? saved.version : null });
        } catch (e) {
          await set({ outcome: 'failed', message: messageOf(e), before: null, after: null, version_before: null });
        }
      }
    }
    done += 1;
    await db.updateTable('bulk_edits').set({ done }).where('id', '=', batch.id).execute();
  }
  const counts = await outcomeCounts(services, batch.id);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('bulk_edits')
      .set({ finished_at: ctx.now().toISOString(), done: batch.total })
      .where('id', '=', batch.id)
      .execute();
    await tellBatchDone(services, trx, batch, section, counts, false);
  });
  return { applied: counts.applied ?? 0, failed: counts.failed ?? 0 };
}

async function outcomeCounts(services: Services, batchId: number): Promise<Record<string, number>> {
  const rows = await services.db.kysely
    .selectFrom('bulk_edit_items')
    .select(['outcome', (eb) => eb.fn.countAll<number>().as('n')])
    .where('batch_id', '=', batchId)
    .groupBy('outcome')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.outcome, Number(r.n)]));
}

/**
 * Undo a batch: each applied property gets back the revision it had before the batch through its
 * history's restore path (restoreRevision: validation, version check, audit; history shows a
 * restore, never rewritten). A property saved by anyone since the batch is kept as it is (outcome
 * kept): undo never overwrites later work. A section the batch created (no revision before it) and
 * items of batches applied before versions were kept get their previous values saved back instead.
 */
export async function undoBatch(
  services: Services,
  ctx: JobContext<unknown>,
): Promise<{ undone: number; kept: number }> {
  const db = ctx.db;
  const { batch, auth } = await batchOf(ctx, 'undo_job_id');
  const section = bulkSection(services, batch.section);
  const items = await db
    .selectFrom('bulk_edit_items')
    .selectAll()
    .where('batch_id', '=', batch.id)
    .orderBy('position')
    .execute();
  let done = 0;
  for (const item of items) {
    done += 1;
    if (item.outcome !== 'applied' || !item.before || !item.after) continue;
    stopIfAborted(ctx.signal);
    const set = (outcome: string, message: string | null) =>
      db.updateTable('bulk_edit_items').set({ outcome, message }).where('id', '=', item.id).execute();
    const stored = await readSection(services, item.property_id, section.key);
    if (holdsValues(services, section, stored?.data, JSON.parse(item.before) as Doc)) {
      // Saved back just before a crash: a retried job only records it.
      await set('undone', null);
    } else if (
      !holdsValues(services, section, stored?.data, JSON.parse(item.after) as Doc) ||
      (item.version_after !== null && stored!.version !== item.version_after)
    ) {
      await set('kept', 'Changed by someone after the bulk edit: kept as it is.');
    } else if (item.version_before !== null && item.version_after !== null) {
      try {
        await restoreRevision(
          services,
          auth,
          batch.ip ?? '',
          section,
          item.property_id,
          item.version_before,
          item.version_after,
        );
        await set('undone', null);
      } catch (e) {
        // Left applied: a retry of the job (or another undo) tries it again, or finds it changed since.
        throw new Error(`Undo stopped at property ${item.property_id}: ${messageOf(e)}`);
      }
    } else {
      const current = services.schemas.complete<Doc>(section.ref, JSON.parse(stored!.data) as Doc);
      const doc = {
        ...current,
        ...(JSON.parse(item.before) as Doc),
        hotel: item.property_id,
        version: stored!.version,
      };
      try {
        await updateSection(services, auth, batch.ip ?? '', section, item.property_id, doc);
        await set('undone', null);
      } catch (e) {
        // Left applied: a retry of the job (or another undo) tries it again.
        throw new Error(`Undo stopped at property ${item.property_id}: ${messageOf(e)}`);
      }
    }
    await db.updateTable('bulk_edits').set({ done }).where('id', '=', batch.id).execute();
  }
  const counts = await outcomeCounts(services, batch.id);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('bulk_edits')
      .set({ undone_at: ctx.now().toISOString(), done: batch.total })
      .where('id', '=', batch.id)
      .execute();
    await tellBatchDone(services, trx, batch, section, counts, true);
  });
  return { undone: counts.undone ?? 0, kept: counts.kept ?? 0 };
}

/** The bulk-edit jobs' handlers (once per app: the handler map may be built more than once). */
export function registerBulkEditJobs(services: Services): void {
  if (services.jobs.has(APPLY_QUEUE)) return;
  // Lane "bulk": a long batch never holds up mails, exports or webhooks.
  services.jobs.register(APPLY_QUEUE, (ctx) => applyBatch(services, ctx), { maxAttempts: 3, lane: 'bulk' });
  services.jobs.register(UNDO_QUEUE, (ctx) => undoBatch(services, ctx), { maxAttempts: 3, lane: 'bulk' });
}
