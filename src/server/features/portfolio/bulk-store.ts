import type { Kysely, Selectable } from 'kysely';
import type { BulkEditRequestWire, BulkEditWire } from '../../../shared/generated/wire-types.js';
import type { Words } from '../../../shared/validation-messages.js';
import type { BulkEditsTable, Database } from '../../db/tables.js';
import { conflict, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { Change } from '../audit/index.js';
import { bulkFields, bulkSection, bulkValues } from './bulk-plan.js';

export type BatchRow = Selectable<BulkEditsTable>;
type Item = BulkEditWire['items'][number];

export const APPLY_QUEUE = 'facts.bulk-edit';
export const UNDO_QUEUE = 'facts.bulk-undo';
export const LIST_SIZE = 20;

/** The caller's properties among `ids`, in name order; 404 when one is not (another account's, or not allowed). */
export async function chosenProperties(
  services: Services,
  auth: AuthContext,
  ids: readonly number[],
): Promise<{ id: number; hotel_name: string }[]> {
  const unique = [...new Set(ids)];
  const allowed = auth.properties;
  if (allowed !== 'all' && unique.some((id) => !allowed.includes(id))) throw notFound();
  const rows = await services.db.kysely
    .selectFrom('properties')
    .select(['id', 'hotel_name'])
    .where('account_id', '=', auth.accountId)
    .where('id', 'in', unique)
    .orderBy('hotel_name')
    .orderBy('id')
    .execute();
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

/** Batches as the API answers them: state from the jobs, outcome and changes per property. */
export async function batchWires(services: Services, rows: BatchRow[]): Promise<BulkEditWire[]> {
  if (!rows.length) return [];
  const db = services.db.kysely;
  const jobIds = rows.flatMap((r) => [r.job_id, r.undo_job_id]).filter((id): id is number => id !== null);
  const [jobs, items] = await Promise.all([
    jobIds.length
      ? db.selectFrom('jobs').select(['id', 'state', 'last_error']).where('id', 'in', jobIds).execute()
      : Promise.resolve([]),
    db
      .selectFrom('bulk_edit_items as i')
      .innerJoin('properties as p', 'p.id', 'i.property_id')
      .select(['i.batch_id', 'i.property_id', 'i.outcome', 'i.changes', 'i.message', 'p.hotel_name'])
      .where(
        'i.batch_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('i.batch_id')
      .orderBy('i.position')
      .execute(),
  ]);
  const jobOf = new Map(jobs.map((j) => [j.id, j]));
  return rows.map((r) => {
    const section = bulkSection(services, r.section);
    const values = JSON.parse(r.new_values) as Record<string, unknown>;
    const mine: Item[] = items
      .filter((i) => i.batch_id === r.id)
      .map((i) => ({
        property: i.property_id,
        hotel_name: i.hotel_name,
        outcome: i.outcome as Item['outcome'],
        changes: i.changes ? (JSON.parse(i.changes) as Change[]) : [],
        message: i.message,
      }));
    const count = (o: Item['outcome']) => mine.filter((i) => i.outcome === o).length;
    const apply = r.job_id !== null ? jobOf.get(r.job_id) : undefined;
    const undo = r.undo_job_id !== null ? jobOf.get(r.undo_job_id) : undefined;
    const job = r.phase === 'undo' ? undo : apply;
    let state: BulkEditWire['state'];
    if (job?.state === 'dead') state = 'failed';
    else if (r.phase === 'undo') state = job?.state === 'done' ? 'undone' : 'undoing';
    else state = job?.state === 'done' ? 'done' : job?.state === 'running' ? 'running' : 'queued';
    return {
      id: r.id,
      state,
      section: r.section,
      title: section.title,
      fields: bulkFields(services, section, values),
      values,
      total: r.total,
      done: Math.min(r.done, r.total),
      counts: {
        applied: count('applied'),
        same: count('same'),
        failed: count('failed'),
        undone: count('undone'),
        kept: count('kept'),
      },
      items: mine,
      created_at: r.created_at,
      created_by: r.created_by_email,
      finished_at: r.finished_at,
      undone_at: r.undone_at,
      error: state === 'failed' ? (job?.last_error ?? 'The batch stopped.') : null,
      can_undo: canUndo(r, state, count('applied')),
    };
  });
}

/** A finished batch that changed something can be undone once (again after an undo that failed). */
function canUndo(r: BatchRow, state: BulkEditWire['state'], applied: number): boolean {
  if (r.phase === 'undo') return state === 'failed';
  return state === 'done' && applied > 0;
}

/**
 * A batch of the caller's account whose every property the caller may see (a member not allowed
 * one of them does not see the batch: it names that hotel), else 404.
 */
export async function requireBatch(services: Services, auth: AuthContext, id: number): Promise<BatchRow> {
  const db = services.db.kysely;
  const row = await db
    .selectFrom('bulk_edits')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', auth.accountId)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (auth.properties !== 'all') {
    const allowed = new Set(auth.properties);
    const ids = await db.selectFrom('bulk_edit_items').select('property_id').where('batch_id', '=', row.id).execute();
    if (ids.some((i) => !allowed.has(i.property_id))) throw notFound();
  }
  return row;
}

/** The account's latest batches the caller may see (newest first). */
export async function listBatches(services: Services, auth: AuthContext): Promise<BulkEditWire[]> {
  const db = services.db.kysely;
  let q = db.selectFrom('bulk_edits').selectAll().where('account_id', '=', auth.accountId);
  if (auth.properties !== 'all') {
    const allowed = auth.properties.length ? [...auth.properties] : [0];
    q = q.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bulk_edit_items as i')
            .select('i.id')
            .whereRef('i.batch_id', '=', 'bulk_edits.id')
            .where('i.property_id', 'not in', allowed),
        ),
      ),
    );
  }
  return batchWires(services, await q.orderBy('id', 'desc').limit(LIST_SIZE).execute());
}

/** The batch, its pending items and its job, in one transaction: the job applies it. */
export async function createBatch(
  services: Services,
  auth: AuthContext,
  ip: string,
  body: BulkEditRequestWire,
  words?: Words,
): Promise<BatchRow> {
  const section = bulkSection(services, body.section);
  bulkFields(services, section, body.values);
  const values = bulkValues(services, section, body.values, words);
  const properties = await chosenProperties(services, auth, body.properties);
  const now = services.clock.now().toISOString();
  return services.db.kysely.transaction().execute(async (trx) => {
    const job = await services.jobs.enqueue(trx, {
      queue: APPLY_QUEUE,
      payload: {},
      accountId: auth.accountId,
      maxAttempts: 3,
    });
    const row = await trx
      .insertInto('bulk_edits')
      .values({
        account_id: auth.accountId,
        created_by: auth.user.id,
        created_by_email: auth.user.email,
        ip,
        section: section.key,
        new_values: JSON.stringify(values),
        job_id: job.id,
        undo_job_id: null,
        phase: 'apply',
        total: properties.length,
        done: 0,
        error: null,
        created_at: now,
        finished_at: null,
        undone_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await insertItems(
      trx,
      row.id,
      properties.map((p) => p.id),
    );
    return row;
  });
}

async function insertItems(trx: Kysely<Database>, batchId: number, ids: readonly number[]): Promise<void> {
  // In chunks: one statement per few hundred rows keeps within every driver's parameter limit.
  for (let i = 0; i < ids.length; i += 200) {
    const chunk = ids.slice(i, i + 200).map((property_id, n) => ({
      batch_id: batchId,
      property_id,
      position: i + n,
      outcome: 'pending',
      before: null,
      after: null,
      changes: null,
      message: null,
    }));
    await trx.insertInto('bulk_edit_items').values(chunk).execute();
  }
}

/** Start undoing a batch: 409 unless it can be undone now. */
export async function startUndo(services: Services, auth: AuthContext, id: number): Promise<BatchRow> {
  const row = await requireBatch(services, auth, id);
  const [wire] = await batchWires(services, [row]);
  if (!wire!.can_undo) {
    throw conflict(
      wire!.state === 'undone' || wire!.state === 'undoing'
        ? 'This bulk edit is undone already.'
        : 'Only a finished bulk edit that changed something can be undone.',
    );
  }
  return services.db.kysely.transaction().execute(async (trx) => {
    const job = await services.jobs.enqueue(trx, {
      queue: UNDO_QUEUE,
      payload: {},
      accountId: auth.accountId,
      maxAttempts: 3,
    });
    // The phase moves only from where we read it: two undo clicks start one job.
    const moved = await trx
      .updateTable('bulk_edits')
      .set({ phase: 'undo', undo_job_id: job.id, done: 0 })
      .where('id', '=', row.id)
      .where('phase', '=', row.phase)
      .where((eb) =>
        row.undo_job_id === null ? eb('undo_job_id', 'is', null) : eb('undo_job_id', '=', row.undo_job_id),
      )
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw conflict('This bulk edit is being undone already.');
    return trx.selectFrom('bulk_edits').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  });
}
