import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { deleteDraftContract, editContract, proposeContract, proposeVersion, viewContract } from './proposals.js';

/** Contracts: propose, view, act on (edit), delete a draft, propose a new version (the use cases are in proposals.ts). */
export function contractHandlers(services: Services): HandlerMap {
  return {
    async contractView(ctx) {
      return ok(await viewContract(services, caller(ctx), ctx.params.id));
    },

    async contractCreate(ctx) {
      return created(await proposeContract(services, caller(ctx), ctx.ip, ctx.body));
    },

    async contractEdit(ctx) {
      return ok(await editContract(services, caller(ctx), ctx.ip, ctx.params.id, ctx.body));
    },

    async contractVersion(ctx) {
      return created(await proposeVersion(services, caller(ctx), ctx.ip, ctx.params.id, ctx.body));
    },

    async contractDelete(ctx) {
      await deleteDraftContract(services, caller(ctx), ctx.ip, ctx.params.id);
      return noContent();
    },
  };
}
