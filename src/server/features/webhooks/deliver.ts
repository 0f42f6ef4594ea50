import type { Services } from '../../services.js';
import type { Json } from '../../jobs/types.js';
import { MAX_ATTEMPTS, sealContext, WEBHOOK_QUEUE } from './emit.js';
import { countAttempt, type PauseListener } from './pause.js';
import { postWebhook } from './send.js';
import { signedHeaders } from './signing.js';

/**
 * The worker's side: one attempt of one delivery, its answer recorded and counted against the
 * endpoint; a failure throws (retried after the back-off) unless it paused the endpoint, whose
 * waiting deliveries are sent again when it is resumed.
 */
export function registerWebhookJobs(services: Services, onPaused: PauseListener): void {
  if (services.jobs.has(WEBHOOK_QUEUE)) return;
  services.jobs.register<{ delivery: number }>(
    WEBHOOK_QUEUE,
    async (ctx): Promise<Json> => {
      const db = ctx.db;
      const d = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', '=', ctx.payload.delivery)
        .executeTakeFirst();
      if (!d || d.status === 'delivered') return { skipped: true };
      const endpoint = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', d.endpoint_id)
        .executeTakeFirst();
      if (!endpoint) return { skipped: true };
      if (endpoint.paused_at) return { skipped: 'paused' };
      const secret = services.secrets.open(endpoint.secret, sealContext(endpoint.account_id));
      if (!secret) throw new Error('the webhook secret cannot be opened with this server key');
      const now = ctx.now();
      let code: number | null = null;
      let error: string | null = null;
      try {
        const { allowPrivate, timeoutMs } = services.config.webhooks;
        const res = await postWebhook(endpoint.url, signedHeaders(secret, d.message_id, now, d.payload), d.payload, {
          allowPrivate,
          timeoutMs,
          signal: ctx.signal,
        });
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
      const paused = await countAttempt(services, endpoint, delivered, failure, onPaused);
      if (delivered) return { status: code };
      if (paused) return { paused: true, status: code };
      throw new Error(failure ?? 'failed');
    },
    // Webhook jobs wait on receivers, not on the CPU: their lane has more slots than the others.
    {
      maxAttempts: MAX_ATTEMPTS,
      backoff: { baseMs: 10_000, capMs: 3_600_000 },
      concurrency: 4 * services.config.jobs.concurrency,
    },
  );
}
