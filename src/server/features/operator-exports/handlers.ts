import { caller, created, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { registerOperatorExportJobs } from './build.js';
import {
  createExport,
  exportFile,
  exportFileName,
  exportHistory,
  exportWires,
  requireExport,
  retryExport,
} from './store.js';

/** The tour operator's export centre (/toexportcentre): bulk exports of its contracted hotels as one zip, built by a job. */
export function operatorExportHandlers(services: Services): HandlerMap {
  registerOperatorExportJobs(services);
  return {
    async operatorExportCreate(ctx) {
      return created(await createExport(services, caller(ctx), ctx.ip, ctx.body));
    },

    async operatorExportList(ctx) {
      return ok(await exportHistory(services, caller(ctx).accountId));
    },

    async operatorExportGet(ctx) {
      return ok((await exportWires(services, [await requireExport(services, caller(ctx), ctx.params.id)]))[0]!);
    },

    async operatorExportDownload(ctx) {
      const row = await requireExport(services, caller(ctx), ctx.params.id);
      const file = await exportFile(services, row);
      ctx.reply.header('content-length', String(file.size)).header('cache-control', 'no-store');
      return {
        status: 200,
        file: file.stream,
        contentType: 'application/zip',
        filename: exportFileName(row, row.total),
      };
    },

    async operatorExportRetry(ctx) {
      return ok(await retryExport(services, caller(ctx), ctx.ip, ctx.params.id));
    },
  };
}
