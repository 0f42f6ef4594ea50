import { ApiError, forbidden } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { AuditPageWire, AuditQueryWire } from '../../../shared/generated/wire-types.js';
// 25 events a page: x-page-size of schemas/settings/audit-query.
import { AUDIT_PAGE_SIZE } from '../../../shared/generated/value-lists.js';
import { auditTrailShared } from './preferences.js';
import { visibleTo } from '../audit/index.js';

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/**
 * The account's events, newest first, filtered and paged. Owners see all of them; authorized
 * users only when the owner shares the trail (preference audit_trail), and then only the events
 * the rule of audit/visibility.ts lets them see.
 */
export async function auditTrailPage(
  services: Services,
  auth: AuthContext,
  query: AuditQueryWire,
): Promise<AuditPageWire> {
  if (!auth.isOwner && !(await auditTrailShared(services.db.kysely, auth.accountId))) {
    throw forbidden('The account owner has not shared the audit trail with the team.');
  }
  let q = services.db.kysely.selectFrom('audit_events').where('account_id', '=', auth.accountId);
  // A member sees only what it may see: the event's property allowed, and what the event is about (visibility.ts).
  const visible = visibleTo(auth);
  if (visible) q = q.where(visible);
  if (query.property !== undefined) q = q.where('property_id', '=', query.property);
  if (query.user !== undefined) q = q.where('actor_id', '=', query.user);
  if (query.kind !== undefined) q = q.where('kind', '=', query.kind);
  if (query.date_from !== undefined) q = q.where('created_at', '>=', `${query.date_from}T00:00:00.000Z`);
  if (query.date_to !== undefined) q = q.where('created_at', '<', nextDay(query.date_to));
  const count = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const page = query.page ?? 1;
  const pages = Math.max(1, Math.ceil(count / AUDIT_PAGE_SIZE));
  if (page > pages) throw new ApiError(404, { detail: 'Invalid page.' });
  const rows = await q
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  const link = (n: number): string => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && k !== 'page') params.set(k, String(v));
    params.set('page', String(n));
    return `${services.config.publicUrl}/api/settings/audit-trail/?${params.toString()}`;
  };
  return {
    count,
    next: page < pages ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: rows.map((r) => ({
      id: r.id,
      created_at: r.created_at,
      kind: r.kind,
      action: r.action,
      summary: r.summary,
      actor: r.actor_id,
      actor_email: r.actor_email,
      property: r.property_id,
      subject: r.subject,
      subject_id: r.subject_id,
      ip: r.ip,
      changes: JSON.parse(r.changes) as AuditPageWire['results'][number]['changes'],
    })),
  };
}
