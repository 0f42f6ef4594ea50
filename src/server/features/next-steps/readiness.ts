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
  const db = services.db.kysely;
  const n = (value: number) => formatNumber(lang, value);
  const sections = new Map(sectionsOf(services.schemas).map((s) => [s.key, s]));
  const hotelLink = (path: string) => (viewer === 'hotel' ? path : null);
  const operatorLink = (path: string) => (viewer === 'operator' ? path : null);
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
      link: hotelLink(`/property/${p.id}/${s.tab ?? 'general'}`),
    });
  }
  if (!p.published) {
    items.push({
      kind: 'not_published',
      actor: 'hotel',
      section: null,
      message: t(lang, 'next-steps.item_publish'),
      count: 1,
      link: hotelLink(`/property/${p.id}/general`),
    });
  }
  if (terms.to_select_photos === 'A' || terms.to_select_photos === 'E') {
    const has =
      terms.to_select_photos === 'A'
        ? p.photos
        : Number(
            (
              await db
                .selectFrom('photo_releases')
                .innerJoin('photos', 'photos.id', 'photo_releases.photo_id')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('photo_releases.operator_account_id', '=', operatorAccountId)
                .where('photo_releases.property_id', '=', p.id)
                .executeTakeFirst()
            )?.n ?? 0,
          );
    if (has < READY_PHOTOS) {
      const need = READY_PHOTOS - has;
      const message =
        terms.to_select_photos === 'A'
          ? t(lang, 'next-steps.item_add_photos', { count: need, has: n(has), need: n(READY_PHOTOS) })
          : t(lang, 'next-steps.item_release_photos', { count: need, has: n(has), need: n(READY_PHOTOS) });
      items.push({
        kind: 'photos',
        actor: 'hotel',
        section: null,
        message,
        count: need,
        link: hotelLink(`/property/${p.id}/gallery`),
      });
    }
  }
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
      message: t(lang, 'next-steps.item_map_hotel'),
      count: 1,
      link: operatorLink(`/datamapping/${p.id}`),
    });
  }
  if (p.rooms.length) {
    const linked = await db
      .selectFrom('room_mappings')
      .select(['room_id', 'linked'])
      .where('operator_account_id', '=', operatorAccountId)
      .where('property_id', '=', p.id)
      .execute();
    const mapped = new Set(linked.filter((r) => bool(r.linked)).map((r) => r.room_id));
    const unmapped = p.rooms.filter((id) => !mapped.has(id)).length;
    if (unmapped)
      items.push({
        kind: 'rooms_unmapped',
        actor: 'operator',
        section: null,
        message: t(lang, 'next-steps.item_map_rooms', {
          count: unmapped,
          mapped: n(p.rooms.length - unmapped),
          total: n(p.rooms.length),
        }),
        count: unmapped,
        link: operatorLink(`/datamapping/${p.id}`),
      });
  }
  return items;
}
