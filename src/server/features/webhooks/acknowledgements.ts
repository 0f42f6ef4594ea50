import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { WebhookEvent } from './emit.js';

/** A delivery sent after an endpoint's latest acknowledged one and not acknowledged itself. */
export interface UnconfirmedDelivery {
  /** The told event's message (the delivery's data.message), null when it carried none. */
  message: string | null;
  sent_at: string;
  status: 'pending' | 'failed';
  attempts: number;
  response_code: number | null;
}

/** Where one endpoint stands with one event about one property. */
export interface Acknowledgement {
  endpoint: number;
  accountId: number;
  /** When the latest delivery was made (null: none yet). */
  lastSentAt: string | null;
  /** When the receiver last answered 2xx (null: never). */
  confirmedAt: string | null;
  /** How many deliveries came after the latest acknowledged one and are not acknowledged. */
  unconfirmedCount: number;
  /** The newest of them, at most `listed`, newest first. */
  unconfirmed: UnconfirmedDelivery[];
}

/**
 * Per active endpoint of these accounts subscribed to `event`: what of the event about the
 * property its receiver has acknowledged (answered 2xx). An endpoint's latest acknowledged
 * delivery covers every one before it when the event names the property and a receiver re-reads
 * it (stop_sale.updated), so what is unconfirmed is what came after that.
 */
export async function acknowledgements(
  db: Kysely<Database>,
  accountIds: readonly number[],
  event: WebhookEvent,
  propertyId: number,
  listed: number,
): Promise<Acknowledgement[]> {
  if (!accountIds.length) return [];
  const all = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'account_id', 'events'])
    .where('account_id', 'in', [...accountIds])
    .where('active', '=', true)
    .execute();
  const endpoints = all.filter((e) => (JSON.parse(e.events) as string[]).includes(event));
  if (!endpoints.length) return [];
  const endpointIds = endpoints.map((e) => e.id);
  const ofProperty = db
    .selectFrom('webhook_deliveries')
    .where('property_id', '=', propertyId)
    .where('endpoint_id', 'in', endpointIds)
    .where('event', '=', event);
  const [sent, delivered] = await Promise.all([
    ofProperty
      .select(['endpoint_id', (eb) => eb.fn.max('created_at').as('at')])
      .groupBy('endpoint_id')
      .execute(),
    ofProperty
      .select(['endpoint_id', (eb) => eb.fn.max('id').as('id'), (eb) => eb.fn.max('delivered_at').as('at')])
      .where('status', '=', 'delivered')
      .groupBy('endpoint_id')
      .execute(),
  ]);
  const sentAt = new Map(sent.map((s) => [s.endpoint_id, s.at]));
  const confirmed = new Map(delivered.map((d) => [d.endpoint_id, { id: Number(d.id), at: d.at }]));
  return Promise.all(
    endpoints.map(async (e): Promise<Acknowledgement> => {
      const after = ofProperty
        .where('endpoint_id', '=', e.id)
        .where('id', '>', confirmed.get(e.id)?.id ?? 0)
        .where('status', '<>', 'delivered');
      const [count, rows] = await Promise.all([
        after.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
        after
          .select(['id', 'payload', 'created_at', 'status', 'attempts', 'response_code'])
          .orderBy('id', 'desc')
          .limit(listed)
          .execute(),
      ]);
      return {
        endpoint: e.id,
        accountId: e.account_id,
        lastSentAt: sentAt.get(e.id) ?? null,
        confirmedAt: confirmed.get(e.id)?.at ?? null,
        unconfirmedCount: Number(count.n),
        unconfirmed: rows.map((r) => {
          const message = (JSON.parse(r.payload) as { data?: { message?: unknown } }).data?.message;
          return {
            message: message == null ? null : String(message),
            sent_at: r.created_at,
            status: r.status === 'failed' ? 'failed' : 'pending',
            attempts: r.attempts,
            response_code: r.response_code,
          };
        }),
      };
    }),
  );
}
