import { CONTRACT_STATUSES_LABELS, type ContractStatusCode } from '../../../shared/generated/value-lists.js';
import type { ReportDataWire } from '../../../shared/generated/wire-types.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { completeness } from '../facts/index.js';
import { visibleProperties } from '../properties/index.js';
import { publishStates } from '../properties/index.js';
import { lastMonths, monthsSince, perMonth } from './months.js';

/** The report's order of the statuses; their labels are option list contractStatus's. */
const STATUSES = (['P', 'C', 'A', 'D', 'R', 'X'] as const satisfies readonly ContractStatusCode[]).map(
  (s) => [s, CONTRACT_STATUSES_LABELS[s]] as const,
);

/**
 * The hotel's report: contracts by status (the account's; a draft only its author's), operators
 * in contract now, fact-sheet downloads (audit trail: exports/download) and sends (export_sends)
 * per month, and the completeness of each property the caller may see.
 */
export async function hotelReport(services: Services, auth: AuthContext): Promise<ReportDataWire> {
  const db = services.db.kysely;
  const now = services.clock.now();
  const iso = now.toISOString();
  const contracts = await db
    .selectFrom('contracts')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('hotel_account_id', '=', auth.accountId)
    .where((eb) => eb.or([eb('status', '!=', 'D'), eb('author_account_id', '=', auth.accountId)]))
    .groupBy('status')
    .execute();
  const byStatus = new Map(contracts.map((c) => [c.status, Number(c.n)]));
  const connected = await db
    .selectFrom('contracts')
    .select((eb) => eb.fn.count<number>('operator_account_id').distinct().as('n'))
    .where('hotel_account_id', '=', auth.accountId)
    .where('accepted_version', 'is not', null)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', iso)]))
    .executeTakeFirst();

  const properties = await visibleProperties(services, auth);
  const ids = properties.map((p) => p.id);
  const months = lastMonths(now);
  const since = monthsSince(now);
  const downloads = ids.length
    ? await db
        .selectFrom('audit_events')
        .select('created_at')
        .where('account_id', '=', auth.accountId)
        .where('kind', '=', 'exports')
        .where('action', '=', 'download')
        .where('property_id', 'in', ids)
        .where('created_at', '>=', since)
        .execute()
    : [];
  const sends = ids.length
    ? await db
        .selectFrom('export_sends')
        .select('created_at')
        .where('account_id', '=', auth.accountId)
        .where('property_id', 'in', ids)
        .where('created_at', '>=', since)
        .execute()
    : [];
  const downloadCounts = perMonth(
    months,
    downloads.map((d) => d.created_at),
  );
  const sendCounts = perMonth(
    months,
    sends.map((s) => s.created_at),
  );

  const states = await publishStates(db, properties);
  const rows: ReportDataWire['completeness'] = [];
  for (const p of properties) {
    const sections = (await completeness(services, p.id)).filter((s) => s.enabled && s.kind === 'document');
    const filled = sections.reduce((n, s) => n + s.filled, 0);
    const total = sections.reduce((n, s) => n + s.total, 0);
    const blocking = sections.filter((s) => s.missing.length).map((s) => s.title);
    rows.push({
      property: p.id,
      property_name: p.hotel_name,
      published: !!p.publish_date,
      publish_state: states.get(p.id)!,
      percent: total ? Math.floor((filled * 100) / total) : 0,
      filled,
      total,
      blocking,
      link: `/property/${p.id}/general`,
    });
  }
  return {
    contracts: STATUSES.map(([status, label]) => ({ status, label, total: byStatus.get(status) ?? 0 })),
    operators_connected: Number(connected?.n ?? 0),
    exports: months.map((m, i) => ({ ...m, downloads: downloadCounts[i]!, sends: sendCounts[i]! })),
    completeness: rows,
  };
}
