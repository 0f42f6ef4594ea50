import type { Services } from '../../services.js';
import {
  isSheetLanguage,
  SHEET_LANGUAGES,
  type SchemaNode,
  type SheetLanguage,
} from '../../../shared/fact-sheet/index.js';
import { acceptedLanguage } from '../../routing/accept-language.js';
import { operatorFacts } from '../operator/index.js';
import { mappingOf } from '../mapping/index.js';
import { latestPublication, stableFacts } from '../publications/index.js';
import { sectionInputs } from '../exports/index.js';
import { otaDescriptiveInfo } from './ota-content/index.js';
import { photosOf, type PartnerPhotos } from './photos.js';
import { propertyOf, type Reach } from './reach.js';

/**
 * GET api/v1/properties/{id}/facts/: the latest publication in the stable shape, an operator's
 * with its approved overrides and its code; sections null before the first publish.
 */
export async function partnerFacts(services: Services, r: Reach) {
  const db = services.db.kysely;
  if (r.kind === 'operator') {
    const [view, codes] = await Promise.all([
      operatorFacts(services, r.access),
      mappingOf(db, r.access.operatorAccountId, r.access.propertyId),
    ]);
    return {
      id: r.access.propertyId,
      hotel_name: view.hotelName,
      published_at: view.publication?.publishedAt ?? null,
      publication: view.publication?.number ?? null,
      code: codes.hotel?.overrideCode ?? null,
      sections: view.publication ? stableFacts(services, view.documents) : null,
    };
  }
  const [publication, property] = await Promise.all([
    latestPublication(db, r.propertyId),
    db.selectFrom('properties').select('hotel_name').where('id', '=', r.propertyId).executeTakeFirstOrThrow(),
  ]);
  return {
    id: r.propertyId,
    hotel_name: property.hotel_name,
    published_at: publication?.publishedAt ?? null,
    publication: publication?.number ?? null,
    code: null,
    sections: publication ? stableFacts(services, publication.documents) : null,
  };
}

/** The language of the OTA content: ?lang=, else Accept-Language, else English. */
export function contentLanguage(lang: string | undefined, acceptLanguage: string | undefined): SheetLanguage {
  return isSheetLanguage(lang) ? lang : (acceptedLanguage(acceptLanguage, SHEET_LANGUAGES) ?? 'en');
}

/** GET api/v1/properties/{id}/facts/ota/: the facts as OTA_HotelDescriptiveInfoRS, in a language. */
export async function partnerFactsOta(services: Services, r: Reach, language: SheetLanguage, wire: PartnerPhotos) {
  const db = services.db.kysely;
  const propertyId = propertyOf(r);
  const [property, facts, mapping, photos] = await Promise.all([
    db
      .selectFrom('properties')
      .select(['hotel_name', 'city', 'state', 'country'])
      .where('id', '=', propertyId)
      .executeTakeFirstOrThrow(),
    r.kind === 'operator'
      ? operatorFacts(services, r.access).then((v) => ({
          name: v.hotelName,
          documents: v.documents,
          published: v.publication !== null,
        }))
      : latestPublication(db, r.propertyId).then((p) => ({
          name: undefined,
          documents: p?.documents ?? new Map(),
          published: !!p,
        })),
    r.kind === 'operator' ? mappingOf(db, r.access.operatorAccountId, propertyId) : undefined,
    photosOf(services, r),
  ]);
  return otaDescriptiveInfo({
    mapping: services.schemas.bundle.ota,
    options: services.schemas.bundle.options,
    language,
    propertyId,
    hotelName: facts.name ?? property.hotel_name,
    codes: mapping
      ? { hotel: mapping.hotel?.overrideCode ?? null, room: (id) => mapping.rooms.get(id)?.overrideCode ?? null }
      : null,
    place: property,
    published: facts.published,
    sections: sectionInputs(services, facts.documents),
    photoSchema: services.schemas.resolved('facts/photo.schema.json') as SchemaNode,
    photos: photos.map((p) => wire.toPhotoWire(p)),
  });
}
