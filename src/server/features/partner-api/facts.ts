import type { Services } from '../../services.js';
import type { SchemaNode } from '../../../shared/fact-sheet/index.js';
import { isLanguage, LANGUAGE_CODES, type Language } from '../../../shared/i18n/languages.js';
import { acceptedLanguage } from '../../routing/accept-language.js';
import { operatorFacts } from '../operator/index.js';
import { mappingOf } from '../mapping/index.js';
import { latestPublication, stableFacts, type SectionDocuments } from '../publications/index.js';
import { sectionInputs } from '../exports/index.js';
import { otaDescriptiveInfo } from './ota-content/index.js';
import { withoutImpossibleDates } from './calendar-dates.js';
import { factCodes } from './fact-codes.js';
import { photosOf, type PartnerPhotos } from './photos.js';
import { documentsAsOf } from '../../../shared/sustainability.js';
import { propertyOf, type Reach } from './reach.js';
import { answerProfile, partnerProfile } from '../../../shared/partner-profiles.js';

/**
 * GET api/v1/properties/{id}/facts/: the latest publication in the stable shape, an operator's
 * with its approved overrides and its code, and the OpenTravel codes of what is stored beside it
 * (ota_codes); sections and ota_codes null before the first publish. A stored date that names no
 * calendar day is left out, with a warning (calendar-dates.ts).
 */
export async function partnerFacts(services: Services, r: Reach) {
  const db = services.db.kysely;
  const warnings: string[] = [];
  const stable = (documents: SectionDocuments) => {
    // Certificates as they stand today: one that ended since it was published reads expired.
    const safe = withoutImpossibleDates(
      services,
      documentsAsOf(documents, services.clock.now().toISOString().slice(0, 10)),
    );
    warnings.push(...safe.warnings);
    return { sections: stableFacts(services, safe.documents), ota_codes: factCodes(services, safe.documents) };
  };
  const none = { sections: null, ota_codes: null };
  if (r.kind === 'operator') {
    const [view, codes] = await Promise.all([
      operatorFacts(services, r.access),
      mappingOf(db, r.access.operatorAccountId, r.access.propertyId),
    ]);
    const facts = {
      id: r.access.propertyId,
      hotel_name: view.hotelName,
      published_at: view.publication?.publishedAt ?? null,
      publication: view.publication?.number ?? null,
      code: codes.hotel?.overrideCode ?? null,
      ...(view.publication ? stable(view.documents) : none),
    };
    return { facts, warnings };
  }
  const [publication, property] = await Promise.all([
    latestPublication(db, r.propertyId),
    db.selectFrom('properties').select('hotel_name').where('id', '=', r.propertyId).executeTakeFirstOrThrow(),
  ]);
  const facts = {
    id: r.propertyId,
    hotel_name: property.hotel_name,
    published_at: publication?.publishedAt ?? null,
    publication: publication?.number ?? null,
    code: null,
    ...(publication ? stable(publication.documents) : none),
  };
  return { facts, warnings };
}

/** The language of the OTA content: ?lang=, else Accept-Language, else English. */
export function contentLanguage(lang: string | undefined, acceptLanguage: string | undefined): Language {
  return isLanguage(lang) ? lang : (acceptedLanguage(acceptLanguage, LANGUAGE_CODES) ?? 'en');
}

/**
 * The photo URLs of the OTA content: the partner API's own image route
 * (api/v1/properties/{id}/photos/{photoId}/{variant}/), which answers with the key for as long as
 * the photo exists and the caller may see it. A receiver may store them (the signed URLs of the
 * photo list expire within about an hour); the hotel revokes them by deleting the photo, the
 * contract by no longer allowing photos, the operator by revoking the key.
 */
export function stablePhotoUrls(services: Services, propertyId: number, photoId: number) {
  const base = `${services.config.publicUrl.replace(/\/+$/, '')}/api/v1/properties/${propertyId}/photos/${photoId}`;
  return { image: `${base}/original/`, display: `${base}/display/`, thumbnail: `${base}/thumbnail/` };
}

/** GET api/v1/properties/{id}/facts/ota/: the facts as OTA_HotelDescriptiveInfoRS, in a language. */
export async function partnerFactsOta(services: Services, r: Reach, language: Language, wire: PartnerPhotos) {
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
  const safe = withoutImpossibleDates(services, facts.documents);
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
    sections: sectionInputs(services, safe.documents),
    notes: safe.warnings,
    photoSchema: services.schemas.resolved('facts/photo.schema.json') as SchemaNode,
    photos: photos.map((p) => ({ ...wire.toPhotoWire(p), ...stablePhotoUrls(services, propertyId, p.id) })),
  });
}

/**
 * GET api/v1/properties/{id}/facts/attributes/?profile=: the same published facts (an operator's
 * with its approved overrides) as one partner's own list of attributes (src/shared/partner-profiles.ts).
 */
export async function partnerAttributes(services: Services, r: Reach, profileName: string) {
  const profile = partnerProfile(profileName);
  // The query schema's enum names every profile: an unknown one never reaches here.
  if (!profile) throw new Error(`no partner profile ${profileName}`);
  const db = services.db.kysely;
  const source =
    r.kind === 'operator'
      ? await operatorFacts(services, r.access).then((v) => ({ publication: v.publication, documents: v.documents }))
      : await latestPublication(db, r.propertyId).then((p) => ({
          publication: p ? { number: p.number, publishedAt: p.publishedAt } : null,
          documents: p?.documents ?? (new Map() as SectionDocuments),
        }));
  return {
    id: propertyOf(r),
    profile: profile.profile,
    partner: profile.partner,
    title: profile.title,
    published_at: source.publication?.publishedAt ?? null,
    publication: source.publication?.number ?? null,
    attributes: answerProfile(profile, (section) => source.documents.get(section)),
  };
}
