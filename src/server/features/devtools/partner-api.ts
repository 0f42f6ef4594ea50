import type { FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../../plugins/errors.js';
import { caller, ok, type HandlerMap } from '../../routing/handler.js';
import type { AuthContext } from '../../routing/auth-context.js';
import { etagOf, matches } from '../../routing/etag.js';
import type { Services } from '../../services.js';
import type { PartnerPhotoWire, PartnerPropertiesWire, PartnerStopSaleWire } from '../../../shared/generated/wire-types.js';
import { bool } from '../../db/tables.js';
import { contractAccess, contractedProperties, type ContractAccess } from '../partners/access.js';
import { operatorFacts } from '../operator/facts-view.js';
import { operatorPhotos } from '../operator/photos.js';
import { mappingOf } from '../mapping/codes.js';
import { latestPublication } from '../publications/store.js';
import { stableFacts } from '../publications/stable-facts.js';
import { keyOf as keyPath, listPhotos, photoUrl, requirePhoto, toPhotoWire, VARIANTS, type PhotoRow, type Variant } from '../photos/store.js';
import { photoUrlSigner } from '../photos/signed-urls.js';
import { requireScope } from './key-auth.js';
import { otaDescriptiveInfo } from './ota-content/index.js';
import { sectionInputs } from '../exports/sheet-source.js';
import { acceptedLanguage } from '../../routing/accept-language.js';
import { isSheetLanguage, SHEET_LANGUAGES, type SchemaNode } from '../../../shared/fact-sheet/index.js';
import { otaAvailNotif, roomCalendar } from './stop-sale-feeds.js';
import { fieldError } from '../../plugins/errors.js';
import { rangeChart } from '../stop-sale/chart.js';
import { MAX_RANGE_DAYS } from '../stop-sale/dates.js';

const PAGE_SIZE = 50;
/** The iCal feed's default range after today: a calendar subscribes once and polls. */
const FEED_DAYS = 365;
const contentTypeOf = (format: string): string => (format === 'jpeg' ? 'image/jpeg' : `image/${format}`);

/** What a key's account may read of a property: a hotel its own, an operator through its contract. */
type Reach = { kind: 'hotel'; propertyId: number } | { kind: 'operator'; access: ContractAccess };

/**
 * The partner API (/api/v1/...): read-only, what the key's account sees and nothing more. Every
 * operator answer goes through the same functions as the operator's screens (contract access,
 * approved overrides, allowed photos, mapping codes), so the API can never show more than they do.
 */
export function partnerApiHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;

  async function reach(auth: AuthContext, propertyId: number): Promise<Reach> {
    if (auth.user.accountType === 'to') {
      const access = await contractAccess(services, auth.accountId, propertyId);
      if (!access) throw notFound();
      return { kind: 'operator', access };
    }
    const own = await db.selectFrom('properties').select('id').where('id', '=', propertyId).where('account_id', '=', auth.accountId).executeTakeFirst();
    if (!own) throw notFound();
    return { kind: 'hotel', propertyId };
  }

  async function photosOf(r: Reach): Promise<PhotoRow[]> {
    return r.kind === 'operator' ? operatorPhotos(db, r.access) : listPhotos(db, r.propertyId);
  }

  // Signed, expiring, absolute URLs: a partner's page can show them in an <img> without its key.
  const urls = photoUrlSigner(services);
  const signed = (p: PhotoRow, variant: Variant) => photoUrl(urls, p, variant, true);

  function toPhoto(p: PhotoRow): PartnerPhotoWire {
    return {
      id: p.id,
      name: p.name,
      alt: p.alt,
      category: p.category,
      description: p.description,
      room: p.room_id,
      featured: bool(p.featured),
      sequence: p.sequence,
      width: p.width,
      height: p.height,
      updated_at: p.updated_at,
      urls: { original: signed(p, 'original'), display: signed(p, 'display'), thumbnail: signed(p, 'thumbnail') },
    };
  }

  /** The stop-sale chart as the key's account sees it, and the operator's hotel code: one source for the JSON, OTA and iCal answers. */
  async function stopSaleChart(auth: AuthContext, id: number, from: string, to: string): Promise<{ chart: PartnerStopSaleWire; hotelCode: string | null }> {
    const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
    if (!(span >= 0)) throw fieldError('to', 'The last day must not be before the first.');
    if (span > MAX_RANGE_DAYS) throw fieldError('to', `At most ${MAX_RANGE_DAYS} days at once.`);
    const r = await reach(auth, id);
    const propertyId = r.kind === 'operator' ? r.access.propertyId : r.propertyId;
    const [property, mapping] = await Promise.all([
      db.selectFrom('properties').select(['id', 'hotel_name']).where('id', '=', propertyId).executeTakeFirstOrThrow(),
      r.kind === 'operator' ? mappingOf(db, r.access.operatorAccountId, propertyId) : undefined,
    ]);
    const chart = await rangeChart(db, property, from, to, mapping);
    const hotelCode = mapping?.hotel?.overrideCode ?? null;
    return { chart, hotelCode };
  }

  return {
    async partnerApiProperties(ctx) {
      const auth = caller(ctx);
      const page = ctx.query.page ?? 1;
      const since = ctx.query.updated_since ? new Date(ctx.query.updated_since).toISOString() : undefined;
      const operator = auth.user.accountType === 'to';
      const now = services.clock.now().toISOString();
      // An operator's list is driven from its contracts (indexed by operator, then the hotels'
      // properties by account): a `p.id in (...)` filter read every property of the market.
      // One live contract per hotel and operator, so no property comes twice.
      let q = operator
        ? contractedProperties(db, auth.accountId, now).clearSelect().select(['p.id', 'p.hotel_name', 'p.country', 'p.city', 'p.updated_at', 'p.publish_date'])
        : db.selectFrom('properties as p').select(['p.id', 'p.hotel_name', 'p.country', 'p.city', 'p.updated_at', 'p.publish_date']).where('p.account_id', '=', auth.accountId);
      if (since) q = q.where((eb) => eb.or([eb('p.updated_at', '>=', since), eb('p.publish_date', '>=', since)]));
      const count = Number((await q.clearSelect().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await q.orderBy('p.id').limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE).execute();
      const ids = rows.map((r) => r.id);
      const codes = new Map<number, string | null>();
      const names = new Map<number, string>();
      if (operator && ids.length) {
        for (const m of await db.selectFrom('hotel_mappings').select(['property_id', 'override_code']).where('operator_account_id', '=', auth.accountId).where('property_id', 'in', ids).execute())
          codes.set(m.property_id, m.override_code);
        // The operator's approved name override is its name for the hotel.
        for (const o of await db.selectFrom('overrides').select(['property_id', 'value']).where('operator_account_id', '=', auth.accountId).where('property_id', 'in', ids).where('field', '=', 'hotel_name').where('status', '=', 'approved').execute()) {
          const v = JSON.parse(o.value) as unknown;
          if (typeof v === 'string' && v) names.set(o.property_id, v);
        }
      }
      const body: PartnerPropertiesWire = {
        count,
        page,
        next: page * PAGE_SIZE < count ? page + 1 : null,
        results: rows.map((r) => ({
          id: r.id,
          hotel_name: names.get(r.id) ?? r.hotel_name,
          country: r.country || null,
          city: r.city || null,
          updated_at: r.updated_at,
          published_at: r.publish_date,
          code: codes.get(r.id) ?? null,
        })),
      };
      return ok(body);
    },

    async partnerApiFacts(ctx) {
      requireScope(ctx.req, 'fact_sheet');
      const r = await reach(caller(ctx), ctx.params.id);
      if (r.kind === 'operator') {
        const [view, codes] = await Promise.all([operatorFacts(services, r.access), mappingOf(db, r.access.operatorAccountId, r.access.propertyId)]);
        return ok({
          id: r.access.propertyId,
          hotel_name: view.hotelName,
          published_at: view.publication?.publishedAt ?? null,
          publication: view.publication?.number ?? null,
          code: codes.hotel?.overrideCode ?? null,
          sections: view.publication ? stableFacts(services, view.documents) : null,
        });
      }
      const [publication, property] = await Promise.all([
        latestPublication(db, r.propertyId),
        db.selectFrom('properties').select('hotel_name').where('id', '=', r.propertyId).executeTakeFirstOrThrow(),
      ]);
      return ok({
        id: r.propertyId,
        hotel_name: property.hotel_name,
        published_at: publication?.publishedAt ?? null,
        publication: publication?.number ?? null,
        code: null,
        sections: publication ? stableFacts(services, publication.documents) : null,
      });
    },

    async partnerApiFactsOta(ctx) {
      requireScope(ctx.req, 'fact_sheet');
      const r = await reach(caller(ctx), ctx.params.id);
      const propertyId = r.kind === 'operator' ? r.access.propertyId : r.propertyId;
      const accept = headerOf(ctx.req, 'accept-language');
      const language = isSheetLanguage(ctx.query.lang) ? ctx.query.lang : (acceptedLanguage(accept, SHEET_LANGUAGES) ?? 'en');
      const [property, facts, mapping, photos] = await Promise.all([
        db.selectFrom('properties').select(['hotel_name', 'city', 'state', 'country']).where('id', '=', propertyId).executeTakeFirstOrThrow(),
        r.kind === 'operator'
          ? operatorFacts(services, r.access).then((v) => ({ name: v.hotelName, documents: v.documents, published: v.publication !== null }))
          : latestPublication(db, r.propertyId).then((p) => ({ name: undefined, documents: p?.documents ?? new Map(), published: !!p })),
        r.kind === 'operator' ? mappingOf(db, r.access.operatorAccountId, propertyId) : undefined,
        photosOf(r),
      ]);
      const content = otaDescriptiveInfo({
        mapping: services.schemas.bundle.ota,
        options: services.schemas.bundle.options,
        language,
        propertyId,
        hotelName: facts.name ?? property.hotel_name,
        codes: mapping ? { hotel: mapping.hotel?.overrideCode ?? null, room: (id) => mapping.rooms.get(id)?.overrideCode ?? null } : null,
        place: property,
        published: facts.published,
        sections: sectionInputs(services, facts.documents),
        photoSchema: services.schemas.resolved('facts/photo.schema.json') as SchemaNode,
        photos: photos.map((p) => toPhotoWire(p, urls, true)),
      });
      ctx.reply.header('content-language', language).header('vary', 'Accept-Language');
      const warning = warningHeader(content.warnings);
      if (warning) ctx.reply.header('warning', warning);
      return { status: 200, file: Buffer.from(content.xml), contentType: 'application/xml; charset=utf-8' };
    },

    async partnerApiPhotos(ctx) {
      requireScope(ctx.req, 'hotel_photos');
      const r = await reach(caller(ctx), ctx.params.id);
      return ok((await photosOf(r)).map(toPhoto));
    },

    async partnerApiStopSale(ctx) {
      requireScope(ctx.req, 'stop_sale');
      return ok((await stopSaleChart(caller(ctx), ctx.params.id, ctx.query.from, ctx.query.to)).chart);
    },

    async partnerApiStopSaleOta(ctx) {
      requireScope(ctx.req, 'stop_sale');
      const { chart, hotelCode } = await stopSaleChart(caller(ctx), ctx.params.id, ctx.query.from, ctx.query.to);
      const feed = otaAvailNotif(chart, hotelCode);
      const warning = warningHeader(feed.warnings);
      if (feed.xml === null) {
        const detail = chart.rooms.length
          ? 'No room can be reported: every room code is longer than OTA allows (see the Warning header). Shorten the codes in your mapping.'
          : 'The property has no rooms, and an OTA_HotelAvailNotifRQ reports at least one.';
        throw new ApiError(409, { detail }, warning ? { warning } : {});
      }
      if (warning) ctx.reply.header('warning', warning);
      return { status: 200, file: Buffer.from(feed.xml), contentType: 'application/xml; charset=utf-8' };
    },

    async partnerApiStopSaleIcal(ctx) {
      requireScope(ctx.req, 'stop_sale');
      const from = ctx.query.from ?? services.clock.now().toISOString().slice(0, 10);
      const to = ctx.query.to ?? new Date(Date.parse(`${from}T00:00:00Z`) + FEED_DAYS * 86_400_000).toISOString().slice(0, 10);
      const { chart } = await stopSaleChart(caller(ctx), ctx.params.id, from, to);
      const room = chart.rooms.find((r) => r.id === ctx.params.room);
      if (!room) throw notFound();
      const host = new URL(services.config.publicUrl).hostname;
      return { status: 200, file: Buffer.from(roomCalendar(chart, room, host)), contentType: 'text/calendar; charset=utf-8' };
    },

    async partnerApiPhotoImage(ctx) {
      requireScope(ctx.req, 'hotel_photos');
      const variant = ctx.params.variant as Variant;
      if (!VARIANTS.includes(variant)) throw notFound();
      const r = await reach(caller(ctx), ctx.params.id);
      const propertyId = r.kind === 'operator' ? r.access.propertyId : r.propertyId;
      const photo = await requirePhoto(db, propertyId, ctx.params.photoId);
      if (!(await photosOf(r)).some((p) => p.id === photo.id)) throw notFound();
      // A stored image never changes under its key: its identity is a strong validator.
      const etag = etagOf(`${keyPath(photo, variant)}:${photo.updated_at}`);
      ctx.reply.header('etag', etag).header('cache-control', 'private, max-age=3600');
      if (matches(headerOf(ctx.req, 'if-none-match'), etag)) return { status: 304, body: null } as never;
      const file = await services.storage.open(keyPath(photo, variant));
      if (!file) throw notFound();
      ctx.reply.header('content-length', String(file.size));
      return { status: 200, file: file.stream, contentType: variant === 'original' ? contentTypeOf(photo.format) : 'image/jpeg' };
    },
  };
}

/** RFC 9111 Warning values (code 199, miscellaneous) for what a feed left out; ASCII quoted strings. */
function warningHeader(warnings: readonly string[]): string | undefined {
  return warnings.length ? warnings.map((w) => `199 - "${w.replace(/[^\x20-\x7e]|["\\]/g, '')}"`).join(', ') : undefined;
}

function headerOf(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}
