import { forbidden, notFound } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import type { WidgetContentWire } from '../../../shared/generated/wire-types.js';
import type { Language } from '../../../shared/i18n/languages.js';
import { latestPublication } from '../publications/index.js';
import { leaving, listPhotos } from '../photos/index.js';
import { propertyPlace } from '../properties/index.js';
import { widgetAmenities } from './amenities.js';
import { widgetFacts } from './facts.js';
import { widgetWire } from './style.js';
import { originAllowed } from '../devtools/index.js';
import { accountOrigins, type WidgetRow } from './store.js';

const MAX_PHOTOS = 24;

/**
 * The photos the widget's published content shows, in gallery order: none for the Short content
 * type, else the gallery's first MAX_PHOTOS among those uploaded by the last publication (a photo
 * added since is not published yet). The photo route serves these and nothing else.
 */
async function shownPhotos(
  services: Services,
  row: WidgetRow,
  contentType: string | null | undefined,
  publishedAt: string,
) {
  if (contentType === 's') return [];
  // A photo held back by its rights (issue 40 §3) is not public content either.
  const photos = leaving(services, await listPhotos(services.db.kysely, row.property_id));
  return photos.filter((p) => p.created_at <= publishedAt).slice(0, MAX_PHOTOS);
}

/**
 * What the embed shows: the widget's settings with the last publication's facts (titled and
 * printed in `language`) and photos; 404 when unpublished.
 */
export async function widgetContent(
  services: Services,
  row: WidgetRow,
  language: Language = 'en',
): Promise<WidgetContentWire> {
  const db = services.db.kysely;
  const [publication, property] = await Promise.all([
    latestPublication(db, row.property_id),
    propertyPlace(db, row.property_id),
  ]);
  if (!publication) throw notFound();
  const settings = widgetWire(services, row.property_id, row);
  const photos = await shownPhotos(services, row, settings.content_type, publication.publishedAt);
  const base = `${services.config.publicUrl}/api/widget/${encodeURIComponent(row.token)}/photos`;
  return {
    settings,
    hotel_name: property.hotel_name,
    published_at: publication.publishedAt,
    facts: widgetFacts(services, publication.documents, property, settings.content_type ?? 'd', language),
    amenities: widgetAmenities(services, publication.documents),
    photos: photos.map((p) => ({ id: p.id, alt: p.alt || p.name || property.hotel_name, url: `${base}/${p.id}/` })),
  };
}

/**
 * One photo the widget shows, or 404. The facts call decides who may embed; a photo the widget
 * shows is public content (an <img> sends no Origin to check), and nothing else is: not another
 * gallery photo, not one added since the last publication, none at all for the Short content type.
 */
export async function widgetShownPhoto(services: Services, row: WidgetRow, photoId: number) {
  const db = services.db.kysely;
  const publication = await latestPublication(db, row.property_id);
  if (!publication) throw notFound();
  const contentType = widgetWire(services, row.property_id, row).content_type;
  const shown = await shownPhotos(services, row, contentType, publication.publishedAt);
  const photo = shown.find((p) => p.id === photoId);
  if (!photo) throw notFound();
  return photo;
}

/**
 * The Origin a widget's content may be read from: only a browser on a page of the account's
 * whitelist states an allowed Origin; anything else is refused (and gets no CORS header, so
 * another site's script cannot read the answer either).
 */
export async function allowedOrigin(services: Services, row: WidgetRow, origin: string | undefined): Promise<string> {
  if (!originAllowed(await accountOrigins(services.db.kysely, row.account_id), origin))
    throw forbidden("This site is not in the whitelist of the widget's account.");
  return origin!;
}
