import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { registerWebhookJobs } from './deliver.js';
import { createEndpoint, editEndpoint, redeliver, removeEndpoint, requireEndpoint, resume } from './endpoints.js';
import type { PauseListener } from './pause.js';
import { accountEndpoints, endpointDeliveries } from './store.js';
import { toDeliveryWire, toWire } from './wire.js';

/** Webhook endpoints, their delivery log and redelivery; `onPaused` is told of an endpoint paused for failing. */
export function webhookHandlers(services: Services, onPaused: PauseListener): HandlerMap {
  const db = services.db.kysely;
  registerWebhookJobs(services, onPaused);

  return {
    async webhooksList(ctx) {
      return ok((await accountEndpoints(db, caller(ctx).accountId)).map((r) => toWire(r)));
    },

    async webhookCreate(ctx) {
      const { row, secret } = await createEndpoint(services, { auth: caller(ctx), ip: ctx.ip }, ctx.body);
      return created(toWire(row, secret));
    },

    async webhookUpdate(ctx) {
      const { row, secret } = await editEndpoint(services, { auth: caller(ctx), ip: ctx.ip }, ctx.params.id, ctx.body);
      return ok(toWire(row, secret));
    },

    async webhookDelete(ctx) {
      await removeEndpoint(services, { auth: caller(ctx), ip: ctx.ip }, ctx.params.id);
      return noContent();
    },

    async webhookDeliveries(ctx) {
      const endpoint = await requireEndpoint(services, caller(ctx), ctx.params.id);
      return ok((await endpointDeliveries(db, endpoint.id)).map(toDeliveryWire));
    },

    async webhookRedeliver(ctx) {
      return {
        status: 202,
        body: toDeliveryWire(await redeliver(services, { auth: caller(ctx), ip: ctx.ip }, ctx.params.id)),
      };
    },

    async webhookResume(ctx) {
      return ok(toWire(await resume(services, { auth: caller(ctx), ip: ctx.ip }, ctx.params.id)));
    },
  };
}
