import type { StopSalePartnerSyncWire } from '../../../shared/generated/wire-types.js';
import type { Services } from '../../services.js';
import { webhookEventOf } from '../notifications/index.js';
import { companyNames, stopSaleTermsOf } from '../partners/index.js';
import { acknowledgements } from '../webhooks/index.js';
import { syncsStopSale } from './chart.js';

/** The webhook event a stop-sale change goes out as (the stop_sale_changed notification's). */
const EVENT = webhookEventOf('stop_sale_changed')!;
/** How many unconfirmed changes an item lists (the count says how many there are). */
const LISTED = 10;

/**
 * Per operator that syncs the property's stop-sale: has its system acknowledged (2xx) the latest
 * change? A stop_sale.updated event names the property, not the days, and a receiver re-reads the
 * chart on it, so an endpoint's latest acknowledged delivery covers every change before it; what
 * is "sent, not confirmed" is what came after that, per endpoint (an operator with two receivers
 * is confirmed when both are).
 */
export async function partnerSync(services: Services, propertyId: number): Promise<StopSalePartnerSyncWire[]> {
  const db = services.db.kysely;
  const contracts = await stopSaleTermsOf(services, propertyId);
  const operators = [...new Set(contracts.filter((c) => syncsStopSale(c.toSyncSs)).map((c) => c.operatorAccountId))];
  if (!operators.length) return [];

  const [names, endpoints] = await Promise.all([
    companyNames(db, operators),
    acknowledgements(db, operators, EVENT, propertyId, LISTED),
  ]);

  const items = operators.map((operator): StopSalePartnerSyncWire => {
    const own = endpoints.filter((e) => e.accountId === operator);
    const base = { operator, company_name: names.get(operator) ?? `Account ${operator}` };
    if (!own.length)
      return {
        ...base,
        state: 'no_receiver',
        last_sent_at: null,
        confirmed_at: null,
        unconfirmed_count: 0,
        unconfirmed: [],
      };
    const max = (values: Array<string | null | undefined>) =>
      values.reduce<string | null>((a, b) => (b && (!a || b > a) ? b : a), null);
    const lastSent = max(own.map((e) => e.lastSentAt));
    const confirmedAt = max(own.map((e) => e.confirmedAt));
    // The same change went to each of the operator's endpoints: list it once.
    const mine = own
      .flatMap((e) => e.unconfirmed)
      .map((u) => ({ ...u, message: u.message ?? 'Stop-sale changed' }))
      .sort((a, b) => b.sent_at.localeCompare(a.sent_at));
    const seen = new Set<string>();
    const listed = mine.filter((u) => !seen.has(`${u.sent_at}|${u.message}`) && seen.add(`${u.sent_at}|${u.message}`));
    const count = Math.max(0, ...own.map((e) => e.unconfirmedCount));
    const state = count ? 'not_confirmed' : lastSent === null ? 'nothing_sent' : 'confirmed';
    return {
      ...base,
      state,
      last_sent_at: lastSent,
      confirmed_at: confirmedAt,
      unconfirmed_count: count,
      unconfirmed: listed.slice(0, LISTED).map(({ message, sent_at, status, attempts, response_code }) => ({
        message,
        sent_at,
        status,
        attempts,
        response_code,
      })),
    };
  });
  // Unconfirmed first: that is what the hotel has to watch.
  const rank = { not_confirmed: 0, confirmed: 1, nothing_sent: 2, no_receiver: 3 } as const;
  return items.sort((a, b) => rank[a.state] - rank[b.state] || a.company_name.localeCompare(b.company_name));
}
