import type { HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { overrideHandlers } from './override-handlers.js';
import { ownPhotoHandlers } from './own-photo-handlers.js';
import { sheetHandlers } from './sheet-handlers.js';

/** The tour operator's workspace: its fact sheets, overrides with the hotel's moderation, photo releases. */
export function operatorHandlers(services: Services): HandlerMap {
  return { ...sheetHandlers(services), ...overrideHandlers(services), ...ownPhotoHandlers(services) };
}
