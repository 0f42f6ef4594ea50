import { caller, created, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { scopedProperty } from '../properties/index.js';
import { chartMonth } from '../stop-sale/index.js';
import { createSend } from './sends.js';

/**
 * The availability chart's send (a stop-sale route): a send like the others, of the chart's month.
 * Here rather than in stop-sale because exports builds the chart's PDF for the mail, so exports
 * sits above stop-sale.
 */
export function chartSendHandlers(services: Services): HandlerMap {
  return {
    async stopSaleSendMail(ctx) {
      const auth = caller(ctx);
      const month = chartMonth(services.clock, ctx.query.date);
      const property = await scopedProperty(services, auth, ctx.property!);
      const send = { kind: 'availability' as const, property, group: ctx.params.group, language: 'en' as const, month };
      return created(await createSend(services, auth, ctx.ip, send));
    },
  };
}
