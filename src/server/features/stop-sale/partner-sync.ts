import type { WebhookEvent } from '../../../shared/generated/value-lists.js';
import type { StopSalePartnerSyncWire } from '../../../shared/generated/wire-types.js';
import type { Services } from '../../services.js';
import { contractedOperators } from '../partners/access.js';
import { companyNames } from '../partners/partners.js';
import { parseTerms } from '../partners/terms.js';
import { syncsStopSale } from './chart.js';

const EVENT: WebhookEvent = 'stop_sale.updated';
/** How many unconfirmed changes an item lists (the count says how many there are). */
const LISTED = 10;

interface Unconfirmed {
  endpoint: number;
  message: string;
  sent_at: string;
  status: 'pending' | 'failed';
  attempts: number;
  response_code: number | null;
}

/**
 * Per operator that syncs the property's stop-sale: has its system acknowledged (2xx) the latest
 * change? A stop_sale.updated event names the property, not the days, and a receiver re-reads the
 * chart on it, so an endpoint's latest acknowledged delivery covers every change before it; what
 * is "sent, not confirmed" is what came after that, per endpoint (an operator with two receivers
 * is confirmed when both are).
 */
export async function partnerSync(services: Services, propertyId: number): Promise<StopSalePartnerSyncWire[]> {
  const db = services.db.kysely;
  const contracts = await contractedOperators(db, propertyId, services.clock.now().toISOString()).execute();
  const operators = [...new Set(contracts.filter((c) => c.accepted_terms !== null && syncsStopSale(parseTerms(services, c.accepted_terms).to_sync_ss)).map((c) => c.operator_account_id))];
  if (!operators.length) return [];

  const [names, allEndpoints] = await Promise.all([
    companyNames(db, operators),
    db.selectFrom('webhook_endpoints').select(['id', 'account_id', 'events']).where('account_id', 'in', operators).where('active', '=', true).execute(),
  ]);
  const endpoints = allEndpoints.filter((e) => (JSON.parse(e.events) as string[]).includes(EVENT));
  const endpointIds = endpoints.map((e) => e.id);

  const latest = new Map<number, { sent: string | null; delivered: { id: number; at: string | null } | null }>();
  const unconfirmed: Unconfirmed[] = [];
  const counts = new Map<number, number>();
  if (endpointIds.length) {
    const ofProperty = db.selectFrom('webhook_deliveries').where('property_id', '=', propertyId).where('endpoint_id', 'in', endpointIds).where('event', '=', EVENT);
    const [sent, delivered] = await Promise.all([
      ofProperty.select(['endpoint_id', (eb) => eb.fn.max('created_at').as('at')]).groupBy('endpoint_id').execute(),
      ofProperty.select(['endpoint_id', (eb) => eb.fn.max('id').as('id'), (eb) => eb.fn.max('delivered_at').as('at')]).where('status', '=', 'delivered').groupBy('endpoint_id').execute(),
    ]);
    for (const id of endpointIds) latest.set(id, { sent: null, delivered: null });
    for (const s of sent) latest.get(s.endpoint_id)!.sent = s.at;
    for (const d of delivered) latest.get(d.endpoint_id)!.delivered = { id: Number(d.id), at: d.at };
    for (const id of endpointIds) {
      const after = ofProperty.where('endpoint_id', '=', id).where('id', '>', latest.get(id)!.delivered?.id ?? 0).where('status', '<>', 'delivered');
      const [count, rows] = await Promise.all([
        after.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
        after.select(['id', 'payload', 'created_at', 'status', 'attempts', 'response_code']).orderBy('id', 'desc').limit(LISTED).execute(),
      ]);
      counts.set(id, Number(count.n));
      for (const r of rows) {
        const payload = JSON.parse(r.payload) as { data?: { message?: unknown } };
        unconfirmed.push({ endpoint: id, message: String(payload.data?.message ?? 'Stop-sale changed'), sent_at: r.created_at, status: r.status === 'failed' ? 'failed' : 'pending', attempts: r.attempts, response_code: r.response_code });
      }
    }
  }

  const items = operators.map((operator): StopSalePartnerSyncWire => {
    const own = endpoints.filter((e) => e.account_id === operator).map((e) => e.id);
    const base = { operator, company_name: names.get(operator) ?? `Account ${operator}` };
    if (!own.length) return { ...base, state: 'no_receiver', last_sent_at: null, confirmed_at: null, unconfirmed_count: 0, unconfirmed: [] };
    const states = own.map((id) => latest.get(id)!);
    const max = (values: Array<string | null | undefined>) => values.reduce<string | null>((a, b) => (b && (!a || b > a) ? b : a), null);
    const lastSent = max(states.map((s) => s.sent));
    const confirmedAt = max(states.map((s) => s.delivered?.at));
    // The same change went to each of the operator's endpoints: list it once.
    const mine = unconfirmed.filter((u) => own.includes(u.endpoint)).sort((a, b) => b.sent_at.localeCompare(a.sent_at));
    const seen = new Set<string>();
    const listed = mine.filter((u) => !seen.has(`${u.sent_at}|${u.message}`) && seen.add(`${u.sent_at}|${u.message}`));
    const count = Math.max(0, ...own.map((id) => counts.get(id) ?? 0));
    const state = count ? 'not_confirmed' : lastSent === null ? 'nothing_sent' : 'confirmed';
    return {
      ...base,
      state,
      last_sent_at: lastSent,
      confirmed_at: confirmedAt,
      unconfirmed_count: count,
      unconfirmed: listed.slice(0, LISTED).map(({ message, sent_at, status, attempts, response_code }) => ({ message, sent_at, status, attempts, response_code })),
    };
  });
  // Unconfirmed first: that is what the hotel has to watch.
  const rank = { not_confirmed: 0, confirmed: 1, nothing_sent: 2, no_receiver: 3 } as const;
  return items.sort((a, b) => rank[a.state] - rank[b.state] || a.company_name.localeCompare(b.company_name));
}
