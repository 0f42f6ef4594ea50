import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, WidgetsTable } from '../../db/tables.js';
import { conflict, forbidden, notFound } from '../../plugins/errors.js';
import { caller, created, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import type { JsonSchema } from '../../../shared/bundle-types.js';
import type { WidgetContentWire, WidgetWire } from '../../../shared/generated/wire-types.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { latestPublication } from '../publications/index.js';
import { keyOf, listPhotos } from '../photos/index.js';
import { entriesOf, originAllowed } from '../devtools/index.js';
import { widgetFacts } from './facts.js';
import { propertyPlace } from '../properties/index.js';

type Row = Selectable<WidgetsTable>;
type Stored = Record<string, unknown>;

const SCHEMA = 'settings/widget.schema.json';
/** Never taken from a body: the row's id, the generated token and the property (it names the row). */
const NOT_STYLE = ['id', 'token', 'hotel'];
const MAX_PHOTOS = 24;

/** The appearance fields with their schema defaults: a new style field needs no code here. */
function styleDefaults(schema: JsonSchema): Stored {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(
    Object.entries(props)
      .filter(([k]) => !NOT_STYLE.includes(k))
      .map(([k, p]) => [k, p.default ?? null]),
  );
}

function styleOf(schema: JsonSchema, body: object): Stored {
  const keys = Object.keys(styleDefaults(schema));
  return Object.fromEntries(Object.entries(body).filter(([k, v]) => keys.includes(k) && v !== undefined));
}

/**
 * The photos the widget's published content shows, in gallery order: none for the Short content
 * type, else the gallery's first MAX_PHOTOS among those uploaded by the last publication (a photo
 * added since is not published yet). The photo route serves these and nothing else.
 */
async function shownPhotos(
  db: Kysely<Database>,
  row: Row,
  contentType: string | null | undefined,
  publishedAt: string,
) {
  if (contentType === 's') return [];
  const photos = await listPhotos(db, row.property_id);
  return photos.filter((p) => p.created_at <= publishedAt).slice(0, MAX_PHOTOS);
}

export function widgetOfProperty(db: Kysely<Database>, propertyId: number): Promise<Row | undefined> {
  return db.selectFrom('widgets').selectAll().where('property_id', '=', propertyId).executeTakeFirst();
}

/** The account's web origins (from every whitelist entry): the pages the widget may show on. */
async function accountOrigins(db: Kysely<Database>, accountId: number): Promise<string[]> {
  const rows = await db.selectFrom('whitelists').select('entries').where('account_id', '=', accountId).execute();
  return rows.flatMap(entriesOf);
}

const newToken = (): string => `wg_${randomBytes(18).toString('base64url')}`;

/** A new widget's row values (the schema's defaults under `style`), for callers outside the settings calls: the demo. */
export function newWidgetValues(services: Services, style: Stored): { token: string; data: string } {
  const schema = services.schemas.resolved(SCHEMA);
  return { token: newToken(), data: JSON.stringify({ ...styleDefaults(schema), ...styleOf(schema, style) }) };
}

/** The widget settings calls and the public calls the embed makes. */
export function widgetHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const schema = () => services.schemas.resolved(SCHEMA);

  function wire(propertyId: number, row: Row | undefined): WidgetWire {
    const data = { ...styleDefaults(schema()), ...(row ? (JSON.parse(row.data) as Stored) : {}) };
    return { ...data, id: row?.id ?? 0, hotel: propertyId, token: row?.token ?? '' } as WidgetWire;
  }

  /** The widget by its public token; the embed's calls answer 404 for an unknown one. */
  async function byToken(token: string): Promise<Row> {
    const row =
      token.length <= 100
        ? await db.selectFrom('widgets').selectAll().where('token', '=', token).executeTakeFirst()
        : undefined;
    if (!row) throw notFound();
    return row;
  }

  return {
    async settingsWidgetGet(ctx) {
      return ok(wire(ctx.params.id, await widgetOfProperty(db, ctx.params.id)));
    },

    async settingsWidgetCreate(ctx) {
      const auth = caller(ctx);
      const propertyId = ctx.body.hotel;
      const now = services.clock.now().toISOString();
      const data = { ...styleDefaults(schema()), ...styleOf(schema(), ctx.body) };
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('widgets')
          .values({
            account_id: auth.accountId,
            property_id: propertyId,
            token: newToken(),
            data: JSON.stringify(data),
            date_created: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('property_id').doNothing())
          .returningAll()
          .executeTakeFirst();
        // One widget per property (unique): a second create, or two at once, gets the 409.
        if (!inserted) throw conflict('This property has a widget already; edit it instead.');
        await recordAudit(
          services,
          actorOf(auth, ctx.ip),
          {
            kind: 'settings',
            action: 'create',
            subject: 'widget',
            subjectId: inserted.id,
            propertyId,
            summary: 'Created the widget',
          },
          trx,
        );
        return inserted;
      });
      return created(wire(propertyId, row));
    },

    async settingsWidgetEdit(ctx) {
      const auth = caller(ctx);
      const propertyId = ctx.body.hotel;
      const before = await widgetOfProperty(db, propertyId);
      if (!before) throw notFound();
      const data = { ...(JSON.parse(before.data) as Stored), ...styleOf(schema(), ctx.body) };
      const now = services.clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('widgets')
          .set({ data: JSON.stringify(data), updated_at: now })
          .where('id', '=', before.id)
          .execute();
        await recordAudit(
          services,
          actorOf(auth, ctx.ip),
          {
            kind: 'settings',
            action: 'update',
            subject: 'widget',
            subjectId: before.id,
            propertyId,
            summary: 'Edited the widget appearance',
          },
          trx,
        );
      });
      return ok(wire(propertyId, { ...before, data: JSON.stringify(data) }));
    },

    async widgetPublicContent(ctx) {
      const row = await byToken(ctx.params.token);
      const origin = typeof ctx.req.headers.origin === 'string' ? ctx.req.headers.origin : undefined;
      ctx.reply.header('vary', 'Origin');
      // Only a browser on a whitelisted page states an allowed Origin; anything else is refused
      // and gets no CORS header, so another site's script cannot read the answer either.
      if (!originAllowed(await accountOrigins(db, row.account_id), origin))
        throw forbidden("This site is not in the whitelist of the widget's account.");
      ctx.reply
        .header('access-control-allow-origin', origin!)
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'no-cache');
      const [publication, property] = await Promise.all([
        latestPublication(db, row.property_id),
        propertyPlace(db, row.property_id),
      ]);
      if (!publication) throw notFound();
      const settings = wire(row.property_id, row);
      const photos = await shownPhotos(db, row, settings.content_type, publication.publishedAt);
      const base = `${services.config.publicUrl}/api/widget/${encodeURIComponent(row.token)}/photos`;
      const body: WidgetContentWire = {
        settings,
        hotel_name: property.hotel_name,
        published_at: publication.publishedAt,
        facts: widgetFacts(services, publication.documents, property, settings.content_type ?? 'd'),
        photos: photos.map((p) => ({ id: p.id, alt: p.alt || p.name || property.hotel_name, url: `${base}/${p.id}/` })),
      };
      return ok(body);
    },

    async widgetPublicPhoto(ctx) {
      const row = await byToken(ctx.params.token);
      // The facts call decides who may embed; a photo the widget shows is public content (an <img>
      // sends no Origin to check), and nothing else is: not another gallery photo, not one added
      // since the last publication, none at all for the Short content type.
      const publication = await latestPublication(db, row.property_id);
      if (!publication) throw notFound();
      const shown = await shownPhotos(db, row, wire(row.property_id, row).content_type, publication.publishedAt);
      const photo = shown.find((p) => p.id === ctx.params.photoId);
      if (!photo) throw notFound();
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
