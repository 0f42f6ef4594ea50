/** The export centre's send history as the client reads it: each send's state, counts and recipients. */
import type { Selectable } from 'kysely';
import type { ExportSendWire } from '../../../shared/generated/wire-types.js';
import type { ExportSendsTable } from '../../db/tables.js';
import type { DeliveryRow } from '../../jobs/index.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { hotelNames } from '../properties/index.js';

type SendRow = Selectable<ExportSendsTable>;

/** An address as someone without the contacts-manager permission sees it: a•••@example.com. */
export const maskEmail = (email: string): string => email.replace(/^(.)[^@]*(@.*)$/, '$1•••$2');

const STATE: Record<string, ExportSendWire['state']> = {
  queued: 'queued',
  running: 'sending',
  done: 'done',
  dead: 'failed',
};

/** Sends as the history shows them, newest first: state, counts and each recipient. */
export async function sendWires(
  services: Services,
  auth: AuthContext,
  rows: SendRow[],
  detail = '',
): Promise<ExportSendWire[]> {
  if (!rows.length) return [];
  const db = services.db.kysely;
  const jobs = await db
    .selectFrom('jobs')
    .select(['id', 'state', 'finished_at', 'last_error'])
    .where(
      'id',
      'in',
      rows.map((r) => r.job_id),
    )
    .execute();
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  const deliveries = await db
    .selectFrom('job_deliveries')
    .selectAll()
    .where(
      'job_id',
      'in',
      rows.map((r) => r.job_id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  const byJob = new Map<number, DeliveryRow[]>();
  for (const d of deliveries) (byJob.get(d.job_id) ?? byJob.set(d.job_id, []).get(d.job_id)!).push(d);
  const nameOf = await hotelNames(
    db,
    rows.map((r) => r.property_id),
  );
  const seeContacts = auth.can('stop_sale_contact_list');
  return rows.map((r) => {
    const job = jobById.get(r.job_id);
    const list = byJob.get(r.job_id) ?? [];
    return {
      id: r.id,
      kind: r.kind as ExportSendWire['kind'],
      property: r.property_id,
      property_name: nameOf.get(r.property_id) ?? '',
      group: r.group_id,
      group_name: r.group_name,
      layout: (r.layout as ExportSendWire['layout']) ?? null,
      language: r.language as ExportSendWire['language'],
      state: STATE[job?.state ?? 'queued'] ?? 'queued',
      created_at: r.created_at,
      created_by: r.created_by_email,
      finished_at: job?.finished_at ?? null,
      last_error: job?.last_error ?? null,
      total: list.length,
      sent: list.filter((d) => d.state === 'sent').length,
      failed: list.filter((d) => d.state === 'failed').length,
      pending: list.filter((d) => d.state === 'pending' || d.state === 'sending').length,
      recipients: list.map((d) => ({
        name: d.name,
        email: seeContacts ? d.recipient : maskEmail(d.recipient),
        state: d.state,
        attempts: d.attempts,
        error: d.last_error,
        sent_at: d.sent_at,
      })),
      detail,
    };
  });
}
