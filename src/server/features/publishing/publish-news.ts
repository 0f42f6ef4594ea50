import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { tellContractedOperators, companyName } from '../partners/index.js';
import { publicationByNumber } from '../publications/index.js';
import { sectionsOf } from '../facts/index.js';

/** The sections whose documents differ between two publications, in editor order. */
export function changedSections(
  services: Services,
  before: Map<string, unknown>,
  after: Map<string, unknown>,
): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  const changed = [...keys].filter(
    (k) => JSON.stringify(before.get(k) ?? null) !== JSON.stringify(after.get(k) ?? null),
  );
  const sections = sectionsOf(services.schemas);
  const order = (k: string) => sections.findIndex((s) => s.key === k);
  return changed
    .sort((a, b) => order(a) - order(b))
    .map((k) => sections.find((s) => s.key === k)?.title ?? k.replace(/[-_]/g, ' '));
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
  if (p.number === 1) {
    await tellContractedOperators(services, trx, {
      type: 'facts_published',
      propertyId: p.propertyId,
      message: `${company} published the facts of ${p.hotelName}`,
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
  const sections = changedSections(services, before.documents, after.documents);
  if (!sections.length) return;
  const what =
    sections.length <= 3
      ? sections.join(', ')
      : `${sections.slice(0, 3).join(', ')} and ${sections.length - 3} more sections`;
  await tellContractedOperators(services, trx, {
    type: 'facts_changed',
    propertyId: p.propertyId,
    message: `${company} changed the facts of ${p.hotelName}: ${what}`,
    link,
    extraId: p.propertyId,
  });
}
