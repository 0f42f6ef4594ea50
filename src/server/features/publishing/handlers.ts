import { caller, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { publishProperty } from './publish.js';

/**
 * Publishing a property: its own feature because a publish reaches past
 * the hotel's facts into publications, the operators' workspace and their notifications, so it
 * sits above all of them in the feature layering (feature-layers.json).
 */
export function publishingHandlers(services: Services): HandlerMap {
  return {
    async propertyPublish(ctx) {
      return ok(await publishProperty(services, caller(ctx), ctx.ip, ctx.params.id));
    },
  };
}
