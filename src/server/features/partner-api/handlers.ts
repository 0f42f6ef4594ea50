import { notFound } from '../../plugins/errors.js';
import { caller, ok, type HandlerMap } from '../../routing/handler.js';
import { matches } from '../../routing/etag.js';
import type { Services } from '../../services.js';
import { requireScope } from '../devtools/index.js';
import { contentLanguage, partnerAttributes, partnerFacts, partnerFactsOta } from './facts.js';
import { headerOf, warningHeader } from './headers.js';
import { partnerProperties } from './listing.js';
import { partnerPhotos, photoImage, photosOf, variantOf } from './photos.js';
import { reach } from './reach.js';
import { availFeed, checkRange, partnerChart } from './stop-sale.js';
import { roomIcal } from './room-ical.js';

const XML = 'application/xml; charset=utf-8';

/**
 * The partner API (/api/v1/...): read-only, what the key's account sees and nothing more. Every
 * operator answer goes through the same functions as the operator's screens (contract access,
 * approved overrides, allowed photos, mapping codes), so the API can never show more than they do.
 */
export function partnerApiHandlers(services: Services): HandlerMap {
  const photos = partnerPhotos(services);
  return {
    ...stopSaleFeedHandlers(services),

    async partnerApiProperties(ctx) {
      return ok(await partnerProperties(services, caller(ctx), ctx.query.page ?? 1, ctx.query.updated_since));
    },

    async partnerApiFacts(ctx) {
      requireScope(ctx.req, 'fact_sheet');
      const { facts, warnings } = await partnerFacts(services, await reach(services, caller(ctx), ctx.params.id));
      const warning = warningHeader(warnings);
      if (warning) ctx.reply.header('warning', warning);
      return ok(facts);
    },

    async partnerApiFactAttributes(ctx) {
      requireScope(ctx.req, 'fact_sheet');
      return ok(
        await partnerAttributes(services, await reach(services, caller(ctx), ctx.params.id), ctx.query.profile),
      );
    },

    async partnerApiFactsOta(ctx) {
      requireScope(ctx.req, 'fact_sheet');
      const r = await reach(services, caller(ctx), ctx.params.id);
      const language = contentLanguage(ctx.query.lang, headerOf(ctx.req, 'accept-language'));
      const content = await partnerFactsOta(services, r, language, photos);
      ctx.reply.header('content-language', language).header('vary', 'Accept-Language');
      const warning = warningHeader(content.warnings);
      if (warning) ctx.reply.header('warning', warning);
      return { status: 200, file: Buffer.from(content.xml), contentType: XML };
    },

    async partnerApiPhotos(ctx) {
      requireScope(ctx.req, 'hotel_photos');
      const r = await reach(services, caller(ctx), ctx.params.id);
      return ok((await photosOf(services, r)).map((p) => photos.toPhoto(p)));
    },

    async partnerApiPhotoImage(ctx) {
      requireScope(ctx.req, 'hotel_photos');
      const r = await reach(services, caller(ctx), ctx.params.id);
      const image = await photoImage(services, r, ctx.params.photoId, variantOf(ctx.params.variant));
      ctx.reply.header('etag', image.etag).header('cache-control', 'private, max-age=3600');
      if (matches(headerOf(ctx.req, 'if-none-match'), image.etag)) return { status: 304, body: null } as never;
      const file = await services.storage.open(image.key);
      if (!file) throw notFound();
      ctx.reply.header('content-length', String(file.size));
      return { status: 200, file: file.stream, contentType: image.contentType };
    },
  };
}

/** The stop-sale feeds: the chart as JSON, as OTA availability XML and one room as iCalendar. */
function stopSaleFeedHandlers(services: Services): HandlerMap {
  return {
    async partnerApiStopSale(ctx) {
      requireScope(ctx.req, 'stop_sale');
      checkRange(ctx.query.from, ctx.query.to);
      const r = await reach(services, caller(ctx), ctx.params.id);
      const { chart, warnings } = await partnerChart(services, r, ctx.query.from, ctx.query.to);
      const warning = warningHeader(warnings);
      if (warning) ctx.reply.header('warning', warning);
      return ok(chart);
    },

    async partnerApiStopSaleOta(ctx) {
      requireScope(ctx.req, 'stop_sale');
      checkRange(ctx.query.from, ctx.query.to);
      const r = await reach(services, caller(ctx), ctx.params.id);
      const { chart, hotelCode, warnings } = await partnerChart(services, r, ctx.query.from, ctx.query.to);
      const feed = availFeed(chart, hotelCode, warnings);
      if (feed.warning) ctx.reply.header('warning', feed.warning);
      return { status: 200, file: Buffer.from(feed.xml), contentType: XML };
    },

    async partnerApiStopSaleIcal(ctx) {
      requireScope(ctx.req, 'stop_sale');
      const { ics, warning } = await roomIcal(services, caller(ctx), ctx.params, ctx.query);
      if (warning) ctx.reply.header('warning', warning);
      return { status: 200, file: Buffer.from(ics), contentType: 'text/calendar; charset=utf-8' };
    },
  };
}
