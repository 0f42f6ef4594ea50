import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { WebhookWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { queueDelivery, sealContext } from './emit.js';
import { resumeEndpoint } from './pause.js';
import { newWebhookSecret } from './signing.js';
import {
  accountDelivery,
  accountEndpoint,
  deleteEndpoint,
  insertEndpoint,
  markPending,
  updateEndpoint,
  type Delivery,
  type Endpoint,
} from './store.js';
import { checkWebhookUrl } from './target.js';

/**
 * The changes the webhooks settings make, each in one transaction with its audit record (kind
 * settings, subject webhook), so an endpoint never changes without a trace.
 */

/** Who changes what, from where. */
export interface Change {
  auth: AuthContext;
  ip: string;
}

/** What a create or an edit asks for (WebhookWire's writable part). */
type EndpointInput = Pick<WebhookWire, 'url' | 'events'> & { active?: boolean; rotate_secret?: boolean };

function audit(services: Services, change: Change, trx: Kysely<Database>, action: string, id: number, summary: string) {
  return recordAudit(
    services,
    actorOf(change.auth, change.ip),
    { kind: 'settings', action, subject: 'webhook', subjectId: id, summary },
    trx,
  );
}

/** The account's endpoint, else 404. */
export async function requireEndpoint(services: Services, auth: AuthContext, id: number): Promise<Endpoint> {
  const row = await accountEndpoint(services.db.kysely, auth.accountId, id);
  if (!row) throw notFound();
  return row;
}

const checkUrl = (services: Services, url: string) =>
  checkWebhookUrl(url, { allowPrivate: services.config.webhooks.allowPrivate, production: services.config.production });

/** A new endpoint with a fresh signing secret, answered once with the secret. */
export async function createEndpoint(
  services: Services,
  change: Change,
  input: EndpointInput,
): Promise<{ row: Endpoint; secret: string }> {
  const { auth } = change;
  const url = await checkUrl(services, input.url);
  const secret = newWebhookSecret();
  const events = [...new Set(input.events)];
  const row = await services.db.kysely.transaction().execute(async (trx) => {
    const inserted = await insertEndpoint(trx, {
      account_id: auth.accountId,
      url,
      events: JSON.stringify(events),
      active: input.active ?? true,
      secret: services.secrets.seal(secret, sealContext(auth.accountId)),
      date_created: services.clock.now().toISOString(),
      created_by: auth.user.id,
    });
    await audit(services, change, trx, 'create', inserted.id, `Added webhook ${url} (${events.join(', ')})`);
    return inserted;
  });
  return { row, secret };
}

/** An edit of URL, events and active flag; `rotate_secret` answers a new secret once. */
export async function editEndpoint(
  services: Services,
  change: Change,
  id: number,
  input: EndpointInput,
): Promise<{ row: Endpoint; secret: string | null }> {
  const { auth } = change;
  const before = await requireEndpoint(services, auth, id);
  const url = await checkUrl(services, input.url);
  const events = [...new Set(input.events)];
  const secret = input.rotate_secret ? newWebhookSecret() : null;
  const row = await services.db.kysely.transaction().execute(async (trx) => {
    const updated = await updateEndpoint(trx, before.id, {
      url,
      events: JSON.stringify(events),
      active: input.active ?? true,
      ...(secret ? { secret: services.secrets.seal(secret, sealContext(auth.accountId)) } : {}),
    });
    await audit(
      services,
      change,
      trx,
      secret ? 'rotate' : 'update',
      before.id,
      `Edited webhook ${url} (${events.join(', ')})${secret ? '; new signing secret' : ''}`,
    );
    return updated;
  });
  return { row, secret };
}

/** Delete an endpoint with its delivery log (404 for the second of two deletes at once). */
export async function removeEndpoint(services: Services, change: Change, id: number): Promise<void> {
  const row = await requireEndpoint(services, change.auth, id);
  await services.db.kysely.transaction().execute(async (trx) => {
    if (!(await deleteEndpoint(trx, row.id))) throw notFound();
    await audit(services, change, trx, 'delete', row.id, `Deleted webhook ${row.url}`);
  });
}

/** Send a delivery again, with the same message id. */
export async function redeliver(services: Services, change: Change, id: number): Promise<Delivery> {
  const { auth } = change;
  const d = await accountDelivery(services.db.kysely, auth.accountId, id);
  if (!d) throw notFound();
  return services.db.kysely.transaction().execute(async (trx) => {
    const updated = await markPending(trx, d.id);
    await queueDelivery(services, trx, d.id, auth.accountId);
    await audit(services, change, trx, 'redeliver', d.endpoint_id, `Redelivered ${d.event} ${d.message_id}`);
    return updated;
  });
}

/** Resume a paused endpoint (its waiting deliveries are sent now). */
export async function resume(services: Services, change: Change, id: number): Promise<Endpoint> {
  const endpoint = await requireEndpoint(services, change.auth, id);
  return services.db.kysely.transaction().execute(async (trx) => {
    const resumed = await resumeEndpoint(services, trx, endpoint);
    await audit(
      services,
      change,
      trx,
      'resume',
      endpoint.id,
      `Resumed webhook ${endpoint.url}${endpoint.paused_at ? ` (paused since ${endpoint.paused_at})` : ''}`,
    );
    return resumed;
  });
}
