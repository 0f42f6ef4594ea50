import type { Kysely, Selectable } from 'kysely';
import type { Database, JobDeliveriesTable } from '../db/tables.js';
import { RetryLater, type JobContext } from './types.js';

export type DeliveryRow = Selectable<JobDeliveriesTable>;

export interface DeliverySummary {
  sent: number;
  failed: number;
  /** Left for the next attempt (a passing failure: connection lost, 4xx). */
  pending: number;
}

/** What a send answers for a recipient: nothing (sent) or throws. */
export type SendOne = (delivery: DeliveryRow) => Promise<void>;

/** A failure that will not go away by trying again (a 5xx SMTP answer: no such mailbox...). */
export function isPermanentMailError(e: unknown): boolean {
  const code = (e as { responseCode?: unknown } | undefined)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function deliveriesOf(db: Kysely<Database>, jobId: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom('job_deliveries')
    .selectAll()
    .where('job_id', '=', jobId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * Deliver to every recipient of the job that has not had it yet, one at a time, each with its
 * own status record:
 *
 * 1. A record left "sending" by an attempt that is gone (a killed process) is pending again:
 *    that attempt never saw the server accept the message.
 * 2. A record is claimed ("sending", with this attempt's claim) before the message goes out and
 *    marked "sent" as soon as the server accepted it. A resumed job skips what is sent.
 * 3. A permanent failure marks the record failed; a passing one leaves it pending, and the job
 *    is retried after its back-off (RetryLater) for those only.
 *
 * The only window for a second copy is a crash between the server's acceptance and the "sent"
 * write (a few milliseconds); the message then goes again with the same Message-ID, which mail
 * clients show once. The job's signal is checked between recipients.
 */
export async function deliverEach(
  ctx: JobContext<unknown>,
  send: SendOne,
  options: { isPermanent?: (e: unknown) => boolean } = {},
): Promise<DeliverySummary> {
  const { db } = ctx;
  const isPermanent = options.isPermanent ?? isPermanentMailError;
  const now = () => ctx.now().toISOString();
  await db
    .updateTable('job_deliveries')
    .set({ state: 'pending', claim: null, updated_at: now() })
    .where('job_id', '=', ctx.id)
    .where('state', '=', 'sending')
    .where((eb) => eb.or([eb('claim', 'is', null), eb('claim', '!=', ctx.claim)]))
    .execute();
  const todo = await db
    .selectFrom('job_deliveries')
    .selectAll()
    .where('job_id', '=', ctx.id)
    .where('state', '=', 'pending')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const delivery of todo) {
    if (ctx.signal.aborted) throw ctx.signal.reason instanceof Error ? ctx.signal.reason : new Error('stopped');
    const claimed = await db
      .updateTable('job_deliveries')
      .set((eb) => ({ state: 'sending', claim: ctx.claim, attempts: eb('attempts', '+', 1), updated_at: now() }))
      .where('id', '=', delivery.id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    try {
      await send(delivery);
      await db
        .updateTable('job_deliveries')
        .set({ state: 'sent', sent_at: now(), last_error: null, updated_at: now() })
        .where('id', '=', delivery.id)
        .where('claim', '=', ctx.claim)
        .execute();
    } catch (e) {
      const message = (e instanceof Error ? e.message : String(e)).slice(0, 1000);
      ctx.log.warn({ recipient: delivery.recipient, err: message }, 'delivery failed');
      await db
        .updateTable('job_deliveries')
        .set({ state: isPermanent(e) ? 'failed' : 'pending', claim: null, last_error: message, updated_at: now() })
        .where('id', '=', delivery.id)
        .where('claim', '=', ctx.claim)
        .execute();
    }
  }
  const rows = await deliveriesOf(db, ctx.id);
  const summary: DeliverySummary = {
    sent: rows.filter((r) => r.state === 'sent').length,
    failed: rows.filter((r) => r.state === 'failed').length,
    pending: rows.filter((r) => r.state === 'pending' || r.state === 'sending').length,
  };
  if (summary.pending)
    throw new RetryLater(
      `${summary.pending} of ${rows.length} recipients could not be reached yet; they are tried again later.`,
    );
  return summary;
}
