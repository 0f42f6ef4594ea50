import type { Selectable } from 'kysely';
import { bool, type WebhookDeliveriesTable, type WebhookEndpointsTable } from '../../db/tables.js';
import { fieldError, notFound } from '../../plugins/errors.js';
import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { WebhookDeliveryWire, WebhookWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { newWebhookSecret, signedHeaders } from './signing.js';
import type { Json } from '../../jobs/types.js';
import { MAX_ATTEMPTS, queueDelivery, sealContext, WEBHOOK_QUEUE } from './webhook-emit.js';
import { countAttempt, resumeEndpoint } from './webhook-pause.js';
import { targetRefusal } from './webhook-target.js';
import { postWebhook } from './webhook-send.js';

export { emitWebhook, sealContext, WEBHOOK_EVENTS, WEBHOOK_QUEUE, type WebhookEvent } from './webhook-emit.js';

type Endpoint = Selectable<WebhookEndpointsTable>;
type Delivery = Selectable<WebhookDeliveriesTable>;

function toWire(row: Endpoint, secret: string | null = null): WebhookWire {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookWire['events'],
    active: bool(row.active),
    rotate_secret: false,
    secret,
    date_created: row.date_created,
    paused_at: row.paused_at,
    consecutive_failures: row.consecutive_failures,
  };
}

function toDeliveryWire(row: Delivery): WebhookDeliveryWire {
  return {
    id: row.id,
    webhook: row.endpoint_id,
    event: row.event,
    message_id: row.message_id,
    status: row.status,
    response_code: row.response_code,
    attempts: row.attempts,
    created_at: row.created_at,
    last_attempt_at: row.last_attempt_at,
    delivered_at: row.delivered_at,
    error: row.last_error,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
  };
}

/**
 * An http(s) URL of a receiver on the internet (webhook-target.ts); production refuses plain
 * http. The connection checks the address again (webhook-send.ts).
 */
async function checkUrl(services: Services, url: string): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw fieldError('url', 'Enter a valid URL, e.g. https://example.com/hooks/ananas.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw fieldError('url', 'The URL must start with https://.');
  if (services.config.production && parsed.protocol === 'http:') throw fieldError('url', 'The URL must start with https://.');
  if (parsed.username || parsed.password) throw fieldError('url', 'Put no credentials in the URL; verify the signature instead.');
  const refusal = await targetRefusal(parsed.hostname, { allowPrivate: services.config.webhooks.allowPrivate });
  if (refusal) throw fieldError('url', refusal);
  return parsed.toString();
}

/**
 * The worker's side: one attempt of one delivery, its answer recorded and counted against the
 * endpoint; a failure throws (retried after the back-off) unless it paused the endpoint, whose
 * waiting deliveries are sent again when it is resumed.
 */
export function registerWebhookJobs(services: Services): void {
  if (services.jobs.has(WEBHOOK_QUEUE)) return;
  services.jobs.register<{ delivery: number }>(
    WEBHOOK_QUEUE,
    async (ctx): Promise<Json> => {
      const db = ctx.db;
      const d = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', ctx.payload.delivery).executeTakeFirst();
      if (!d || d.status === 'delivered') return { skipped: true };
      const endpoint = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', d.endpoint_id).executeTakeFirst();
      if (!endpoint) return { skipped: true };
      if (endpoint.paused_at) return { skipped: 'paused' };
      const secret = services.secrets.open(endpoint.secret, sealContext(endpoint.account_id));
      if (!secret) throw new Error('the webhook secret cannot be opened with this server key');
      const now = ctx.now();
      let code: number | null = null;
      let error: string | null = null;
      try {
        const { allowPrivate, timeoutMs } = services.config.webhooks;
        const res = await postWebhook(endpoint.url, signedHeaders(secret, d.message_id, now, d.payload), d.payload, { allowPrivate, timeoutMs, signal: ctx.signal });
        code = res.status;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      // The job was stopped (worker stopping, lease lost): not the receiver's failure.
      if (ctx.signal.aborted) throw ctx.signal.reason instanceof Error ? ctx.signal.reason : new Error('stopped');
      const delivered = code !== null && code >= 200 && code < 300;
      const failure = delivered ? null : (error ?? `The receiver answered ${code}.`).slice(0, 500);
      const last = ctx.attempt >= ctx.maxAttempts;
      await db
        .updateTable('webhook_deliveries')
        .set({
          status: delivered ? 'delivered' : last ? 'failed' : 'pending',
          response_code: code,
          attempts: d.attempts + 1,
          last_attempt_at: now.toISOString(),
          delivered_at: delivered ? now.toISOString() : null,
          last_error: failure,
        })
        .where('id', '=', d.id)
        .execute();
      const paused = await countAttempt(services, endpoint, delivered, failure);
      if (delivered) return { status: code };
      if (paused) return { paused: true, status: code };
      throw new Error(failure ?? 'failed');
    },
    // Webhook jobs wait on receivers, not on the CPU: their lane has more slots than the others.
    { maxAttempts: MAX_ATTEMPTS, backoff: { baseMs: 10_000, capMs: 3_600_000 }, concurrency: 4 * services.config.jobs.concurrency },
  );
}

/** Webhook endpoints, their delivery log and redelivery. */
export function webhookHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  registerWebhookJobs(services);
  const audit = (auth: AuthContext, ip: string, action: string, id: number, summary: string, trx = db) =>
    recordAudit(services, actorOf(auth, ip), { kind: 'settings', action, subject: 'webhook', subjectId: id, summary }, trx);

  async function accountEndpoint(auth: AuthContext, id: number): Promise<Endpoint> {
    const row = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('account_id', '=', auth.accountId).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  return {
    async webhooksList(ctx) {
      const auth = caller(ctx);
      const rows = await db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', auth.accountId).orderBy('id').execute();
      return ok(rows.map((r) => toWire(r)));
    },

    async webhookCreate(ctx) {
      const auth = caller(ctx);
      const url = await checkUrl(services, ctx.body.url);
      const secret = newWebhookSecret();
      const events = [...new Set(ctx.body.events)];
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('webhook_endpoints')
          .values({ account_id: auth.accountId, url, events: JSON.stringify(events), active: ctx.body.active ?? true, secret: services.secrets.seal(secret, sealContext(auth.accountId)), date_created: services.clock.now().toISOString(), created_by: auth.user.id })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(auth, ctx.ip, 'create', inserted.id, `Added webhook ${url} (${events.join(', ')})`, trx);
        return inserted;
      });
      return created(toWire(row, secret));
    },

    async webhookUpdate(ctx) {
      const auth = caller(ctx);
      const before = await accountEndpoint(auth, ctx.params.id);
      const url = await checkUrl(services, ctx.body.url);
      const events = [...new Set(ctx.body.events)];
      const secret = ctx.body.rotate_secret ? newWebhookSecret() : null;
      const row = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('webhook_endpoints')
          .set({ url, events: JSON.stringify(events), active: ctx.body.active ?? true, ...(secret ? { secret: services.secrets.seal(secret, sealContext(auth.accountId)) } : {}) })
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(auth, ctx.ip, secret ? 'rotate' : 'update', before.id, `Edited webhook ${url} (${events.join(', ')})${secret ? '; new signing secret' : ''}`, trx);
        return updated;
      });
      return ok(toWire(row, secret));
    },

    async webhookDelete(ctx) {
      const auth = caller(ctx);
      const row = await accountEndpoint(auth, ctx.params.id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', row.id).execute();
        // Two deletes at once: the one that removes the row wins, the other finds nothing (404).
        const gone = await trx.deleteFrom('webhook_endpoints').where('id', '=', row.id).executeTakeFirst();
        if (Number(gone.numDeletedRows) !== 1) throw notFound();
        await audit(auth, ctx.ip, 'delete', row.id, `Deleted webhook ${row.url}`, trx);
      });
      return noContent();
    },

    async webhookDeliveries(ctx) {
      const auth = caller(ctx);
      const endpoint = await accountEndpoint(auth, ctx.params.id);
      const rows = await db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpoint.id).orderBy('id', 'desc').limit(100).execute();
      return ok(rows.map(toDeliveryWire));
    },

    async webhookRedeliver(ctx) {
      const auth = caller(ctx);
      const d = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', ctx.params.id).where('account_id', '=', auth.accountId).executeTakeFirst();
      if (!d) throw notFound();
      const row = await db.transaction().execute(async (trx) => {
        const updated = await trx.updateTable('webhook_deliveries').set({ status: 'pending' }).where('id', '=', d.id).returningAll().executeTakeFirstOrThrow();
        await queueDelivery(services, trx, d.id, auth.accountId);
        await audit(auth, ctx.ip, 'redeliver', d.endpoint_id, `Redelivered ${d.event} ${d.message_id}`, trx);
        return updated;
      });
      return { status: 202, body: toDeliveryWire(row) };
    },

    async webhookResume(ctx) {
      const auth = caller(ctx);
      const endpoint = await accountEndpoint(auth, ctx.params.id);
      const row = await db.transaction().execute(async (trx) => {
        const resumed = await resumeEndpoint(services, trx, endpoint);
        await audit(auth, ctx.ip, 'resume', endpoint.id, `Resumed webhook ${endpoint.url}${endpoint.paused_at ? ` (paused since ${endpoint.paused_at})` : ''}`, trx);
        return resumed;
      });
      return ok(toWire(row));
    },
  };
}
