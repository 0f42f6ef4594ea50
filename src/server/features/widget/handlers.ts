import { notFound } from '../../plugins/errors.js';
import { caller, created, ok, type HandlerMap } from '../../routing/handler.js';
import { requestLanguage } from '../../routing/request-language.js';
import type { Services } from '../../services.js';
import { keyOf } from '../photos/index.js';
import { allowedOrigin, widgetContent, widgetShownPhoto } from './public.js';
import { createWidget, editWidget } from './settings.js';
import { widgetByToken, widgetOfProperty } from './store.js';
import { widgetWire } from './style.js';

/** The widget settings calls and the public calls the embed makes. */
export function widgetHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  return {
    async settingsWidgetGet(ctx) {
      return ok(widgetWire(services, ctx.params.id, await widgetOfProperty(db, ctx.params.id)));
    },

    async settingsWidgetCreate(ctx) {
      const row = await createWidget(services, caller(ctx), ctx.ip, ctx.body.hotel, ctx.body);
      return created(widgetWire(services, ctx.body.hotel, row));
    },

    async settingsWidgetEdit(ctx) {
      const row = await editWidget(services, caller(ctx), ctx.ip, ctx.body.hotel, ctx.body);
      return ok(widgetWire(services, ctx.body.hotel, row));
    },

    async widgetPublicContent(ctx) {
      const row = await widgetByToken(db, ctx.params.token);
      // The facts' titles and values in the visitor's language (the browser's Accept-Language).
      ctx.reply.header('vary', 'Origin, Accept-Language');
      const origin = await allowedOrigin(services, row, ctx.req.headers.origin);
      ctx.reply
        .header('access-control-allow-origin', origin)
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'no-cache');
      return ok(await widgetContent(services, row, requestLanguage(null, ctx.req)));
    },

    async widgetPublicPhoto(ctx) {
      const row = await widgetByToken(db, ctx.params.token);
      const photo = await widgetShownPhoto(services, row, ctx.params.photoId);
      const file = await services.storage.open(keyOf(photo, 'display'));
      if (!file) throw notFound();
      ctx.reply
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'public, max-age=3600')
        .header('content-length', String(file.size));
      return { status: 200, file: file.stream, contentType: 'image/jpeg' };
    },
  };
}
