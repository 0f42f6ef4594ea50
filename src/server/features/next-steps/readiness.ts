import type { PropertyNextStepsWire } from '../../../shared/generated/wire-types.js';
import type { ContractTermsWire } from '../../../shared/generated/wire-types.js';
import { bool } from '../../db/tables.js';
import type { Services } from '../../services.js';
import type { SectionCompleteness } from '../facts/index.js';
import { hotelMapped } from '../mapping/index.js';
import { sectionsOf, sectionTitle } from '../facts/index.js';
import { t } from '../../i18n/index.js';
import { formatNumber } from '../../../shared/i18n/format.js';
import type { Language } from '../../../shared/i18n/languages.js';

export type Partner = PropertyNextStepsWire['partners'][number];
export type ReadinessItem = Partner['items'][number];
export type Viewer = 'hotel' | 'operator';

/**
 * The photos an operator's fact sheet wants at least: a sheet with fewer looks unfinished. With
 * to_select_photos A they come from the gallery, with E from those released to this operator;
 * with N the operator takes none and nothing is asked.
 */
export const READY_PHOTOS = 3;

/** What is known of a property before asking per operator (computed once for all its partners). */
export interface PropertyFacts {
  id: number;
  published: boolean;
  sections: readonly SectionCompleteness[];
  photos: number;
  rooms: readonly number[];
}

/** Who reads the report, and so which items link to a page (the one who acts). */
interface Reader {
  services: Services;
  viewer: Viewer;
  lang: Language;
}

const linkFor = (r: Reader, actor: Viewer, path: string) => (r.viewer === actor ? path : null);

/** Facts that block publishing, a section at a time, and no publication at all. */
function factItems(r: Reader, p: PropertyFacts): ReadinessItem[] {
  const { lang } = r;
  const sections = new Map(sectionsOf(r.services.schemas).map((s) => [s.key, s]));
  const items: ReadinessItem[] = [];
  for (const s of p.sections) {
    if (!s.enabled || !s.missing.length) continue;
    const labels = [...new Set(s.missing.map((m) => m.label))];
    items.push({
      kind: 'missing_facts',
      actor: 'hotel',
      section: s.section,
      message: t(lang, 'next-steps.item_fill', {
        section: sectionTitle(sections.get(s.section) ?? s, lang),
        // A list of field names, as the language separates them (not "and": each is a field).
        fields: labels.join(lang === 'fa' ? '، ' : ', '),
      }),
      count: labels.length,
      link: linkFor(r, 'hotel', `/property/${p.id}/${s.tab ?? 'general'}`),
    });
  }
  if (!p.published) {
    items.push({
      kind: 'not_published',
      actor: 'hotel',
      section: null,
      message: t(lang, 'next-steps.item_publish'),
      count: 1,
      link: linkFor(r, 'hotel', `/property/${p.id}/general`),
    });
  }
  return items;
}

/** Photos below what the contract's photo rule needs: the gallery's (A) or those released to the operator (E). */
async function photoItem(
  r: Reader,
  p: PropertyFacts,
  operatorAccountId: number,
  rule: ContractTermsWire['to_select_photos'],
): Promise<ReadinessItem | undefined> {
  if (rule !== 'A' && rule !== 'E') return undefined;
  const has =
    rule === 'A'
      ? p.photos
      : Number(
          (
            await r.services.db.kysely
              .selectFrom('photo_releases')
              .innerJoin('photos', 'photos.id', 'photo_releases.photo_id')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('photo_releases.operator_account_id', '=', operatorAccountId)
              .where('photo_releases.property_id', '=', p.id)
              .executeTakeFirst()
          )?.n ?? 0,
        );
  if (has >= READY_PHOTOS) return undefined;
  const need = READY_PHOTOS - has;
  const values = { count: need, has: formatNumber(r.lang, has), need: formatNumber(r.lang, READY_PHOTOS) };
  return {
    kind: 'photos',
    actor: 'hotel',
    section: null,
    message:
      rule === 'A'
        ? t(r.lang, 'next-steps.item_add_photos', values)
        : t(r.lang, 'next-steps.item_release_photos', values),
    count: need,
    link: linkFor(r, 'hotel', `/property/${p.id}/gallery`),
  };
}

/** The operator's own mapping of the hotel and of its rooms. */
async function mappingItems(r: Reader, p: PropertyFacts, operatorAccountId: number): Promise<ReadinessItem[]> {
  const db = r.services.db.kysely;
  const items: ReadinessItem[] = [];
  const hotelMap = await db
    .selectFrom('hotel_mappings')
    .select(['override_code', 'external_id', 'local_id'])
    .where('operator_account_id', '=', operatorAccountId)
    .where('property_id', '=', p.id)
    .executeTakeFirst();
  if (!hotelMapped(hotelMap)) {
    items.push({
      kind: 'hotel_unmapped',
      actor: 'operator',
      section: null,
      message: t(r.lang, 'next-steps.item_map_hotel'),
      count: 1,
      link: linkFor(r, 'operator', `/datamapping/${p.id}`),
    });
  }
  if (!p.rooms.length) return items;
  const linked = await db
    .selectFrom('room_mappings')
    .select(['room_id', 'linked'])
    .where('operator_account_id', '=', operatorAccountId)
    .where('property_id', '=', p.id)
    .execute();
  const mapped = new Set(linked.filter((m) => bool(m.linked)).map((m) => m.room_id));
  const unmapped = p.rooms.filter((id) => !mapped.has(id)).length;
  if (unmapped)
    items.push({
      kind: 'rooms_unmapped',
      actor: 'operator',
      section: null,
      message: t(r.lang, 'next-steps.item_map_rooms', {
        count: unmapped,
        mapped: formatNumber(r.lang, p.rooms.length - unmapped),
        total: formatNumber(r.lang, p.rooms.length),
      }),
      count: unmapped,
      link: linkFor(r, 'operator', `/datamapping/${p.id}`),
    });
  return items;
}

/**
 * What one operator still lacks for one property: facts that block publishing (or no
 * publication at all: operators read only published facts), photos below what its contract's
 * photo rule needs, and its own mapping of the hotel and its rooms. Each item names who acts and,
 * for the viewer who acts, the page where it is done; its message is in `lang` (the reader's).
 */
export async function partnerReadiness(
  services: Services,
  p: PropertyFacts,
  operatorAccountId: number,
  terms: ContractTermsWire,
  viewer: Viewer,
  lang: Language = 'en',
): Promise<ReadinessItem[]> {
  const reader: Reader = { services, viewer, lang };
  const photos = await photoItem(reader, p, operatorAccountId, terms.to_select_photos);
  return [...factItems(reader, p), ...(photos ? [photos] : []), ...(await mappingItems(reader, p, operatorAccountId))];
}
