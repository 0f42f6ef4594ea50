import type { NextStepsWire } from '../../../shared/generated/wire-types.js';
import type { Services } from '../../services.js';
import { completeness, publishProblems } from '../facts/index.js';
import type { PropertyRow } from '../properties/index.js';

export type Step = NextStepsWire['getting_started'][number];

/** How many unpublished properties are checked for what publishing needs (a new account has one or two). */
const CHECKED = 5;

/**
 * A hotel's first steps (issue 25 §1): add a property, fill in what publishing needs, add photos,
 * publish; each ticked when any property the caller sees has it done, each linking to where it is
 * done (the first property's editor tab that still misses something, its gallery).
 */
export async function hotelGettingStarted(
  services: Services,
  props: readonly PropertyRow[],
  photos: Map<number, number>,
): Promise<Step[]> {
  const first = props[0];
  const published = props.find((p) => p.publish_date);
  // A published property had everything publishing needs when it was published.
  let facts = !!published;
  let missingTab: string | null = null;
  if (!facts) {
    for (const p of props.slice(0, CHECKED)) {
      const sections = await completeness(services, p.id);
      if (!publishProblems(sections).length) {
        facts = true;
        break;
      }
      if (p === first) missingTab = sections.find((s) => s.enabled && s.missing.length)?.tab ?? null;
    }
  }
  const withPhotos = props.find((p) => (photos.get(p.id) ?? 0) > 0);
  const editor = (tab: string | null) => (first ? `/property/${first.id}/${tab ?? 'general'}` : '/add-property');
  return [
    { key: 'add_property', title: 'Add your first property', done: !!first, link: '/add-property' },
    { key: 'fill_facts', title: 'Fill in what publishing needs', done: facts, link: editor(missingTab) },
    {
      key: 'add_photos',
      title: 'Add photos to the gallery',
      done: !!withPhotos,
      link: first ? `/property/${(withPhotos ?? first).id}/gallery` : '/add-property',
    },
    { key: 'publish', title: 'Publish the facts, so partners see them', done: !!published, link: editor(null) },
  ];
}

/** An operator's first steps: find hotels in the directory, propose a contract (a draft counts as found). */
export async function operatorGettingStarted(services: Services, operatorAccountId: number): Promise<Step[]> {
  const rows = await services.db.kysely
    .selectFrom('contracts')
    .select('status')
    .where('operator_account_id', '=', operatorAccountId)
    .groupBy('status')
    .execute();
  const found = rows.length > 0;
  const proposed = rows.some((r) => r.status !== 'D');
  return [
    { key: 'find_hotels', title: 'Find hotels in the partner directory', done: found, link: '/partners' },
    {
      key: 'propose_contract',
      title: 'Propose a contract to a hotel',
      done: proposed,
      link: proposed ? '/contract-details' : '/partners',
    },
  ];
}
