import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { tellContractedOperators, companyName } from '../partners/index.js';
import { publicationByNumber } from '../publications/index.js';
import { sectionsOf, sectionTitle, type SectionInfo } from '../facts/index.js';
import { t } from '../../i18n/index.js';
import type { Language } from '../../../shared/i18n/languages.js';

/** The sections whose documents differ between two publications, in editor order. */
function changedSectionInfos(
  services: Services,
  before: Map<string, unknown>,
  after: Map<string, unknown>,
): Pick<SectionInfo, 'key' | 'title' | 'texts'>[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  const changed = [...keys].filter(
    (k) => JSON.stringify(before.get(k) ?? null) !== JSON.stringify(after.get(k) ?? null),
  );
  const sections = sectionsOf(services.schemas);
  const order = (k: string) => sections.findIndex((s) => s.key === k);
  return changed
    .sort((a, b) => order(a) - order(b))
    .map((k) => sections.find((s) => s.key === k) ?? { key: k, title: k.replace(/[-_]/g, ' ') });
}

/** The titles of the sections that differ between two publications, in editor order (English). */
export function changedSections(
  services: Services,
  before: Map<string, unknown>,
  after: Map<string, unknown>,
): string[] {
  return changedSectionInfos(services, before, after).map((s) => s.title);
}

/** Up to three section titles in `lang`, then how many more. */
function sectionsNamed(sections: readonly Pick<SectionInfo, 'title' | 'texts'>[], lang: Language): string {
  const titles = sections.slice(0, 3).map((s) => sectionTitle(s, lang));
  const named = titles.join(t(lang, 'notification.list.comma'));
  return sections.length <= 3
    ? named
    : t(lang, 'notification.facts_changed.more', { sections: named, more: sections.length - 3 });
}

/**
 * A publish reaches the operators contracted for the property: the first one as "published",
 * later ones as "changed" naming the sections that differ from the publication before (a publish
 * that changed nothing tells nobody). Several publishes in a row are one notification (a burst).
 */
export async function tellPublished(
  services: Services,
  trx: Kysely<Database>,
  p: { propertyId: number; hotelName: string; accountId: number; number: number; actorUserId: number },
): Promise<void> {
  const company = await companyName(trx, p.accountId);
  const link = `/fact-sheet?property=${p.propertyId}`;
  const names = { company, hotel: p.hotelName };
  if (p.number === 1) {
    await tellContractedOperators(services, trx, {
      type: 'facts_published',
      propertyId: p.propertyId,
      message: (lang) => t(lang, 'notification.facts_published.message', names),
      link,
      extraId: p.propertyId,
    });
    return;
  }
  const [before, after] = await Promise.all([
    publicationByNumber(trx, p.propertyId, p.number - 1),
    publicationByNumber(trx, p.propertyId, p.number),
  ]);
  if (!before || !after) return;
  const sections = changedSectionInfos(services, before.documents, after.documents);
  if (!sections.length) return;
  await tellContractedOperators(services, trx, {
    type: 'facts_changed',
    propertyId: p.propertyId,
    message: (lang) =>
      t(lang, 'notification.facts_changed.message', { ...names, sections: sectionsNamed(sections, lang) }),
    link,
    extraId: p.propertyId,
  });
}
