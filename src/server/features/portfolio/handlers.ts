import { caller, created, ok, type HandlerMap } from '../../routing/handler.js';
import { acceptedWords } from '../../routing/request-language.js';
import type { Services } from '../../services.js';
import { registerBulkEditJobs } from './bulk-jobs.js';
import { previewBulkEdit } from './bulk-preview.js';
import { batchWires, createBatch, listBatches, requireBatch, startUndo } from './bulk-store.js';
import { copyProperty } from './copy.js';
import { portfolioTable } from './table.js';

/**
 * Many properties at once: a new property from an existing one, bulk edits of one section over
 * many properties (preview, apply as a job, undo), and the portfolio table.
 */
export function portfolioHandlers(services: Services): HandlerMap {
  registerBulkEditJobs(services);
  return {
    async propertyCopy(ctx) {
      return created(await copyProperty(services, caller(ctx), ctx.ip, ctx.params.id, ctx.body));
    },
    async bulkEditPreview(ctx) {
      return ok(await previewBulkEdit(services, caller(ctx), ctx.body, acceptedWords(ctx.req)));
    },
    async bulkEditCreate(ctx) {
      const row = await createBatch(services, caller(ctx), ctx.ip, ctx.body, acceptedWords(ctx.req));
      return { status: 202, body: (await batchWires(services, [row]))[0]! };
    },
    async bulkEditList(ctx) {
      return ok(await listBatches(services, caller(ctx)));
    },
    async bulkEditGet(ctx) {
      const row = await requireBatch(services, caller(ctx), ctx.params.id);
      return ok((await batchWires(services, [row]))[0]!);
    },
    async bulkEditUndo(ctx) {
      const row = await startUndo(services, caller(ctx), ctx.params.id);
      return { status: 202, body: (await batchWires(services, [row]))[0]! };
    },
    async propertyPortfolio(ctx) {
      return ok(await portfolioTable(services, caller(ctx)));
    },
  };
}
