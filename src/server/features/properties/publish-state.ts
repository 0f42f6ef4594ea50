import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

/**
 * Where a property stands with its partners: never published (`draft`), live with every saved
 * fact (`published`), or live with saved changes partners do not see yet (`changed`). One rule
 * for the portfolio, the dashboard and the editor, so no page calls "live" what another calls
 * "saved, not published".
 */
export type PublishState = 'draft' | 'published' | 'changed';

interface Publishable {
  id: number;
  publish_date: string | null;
  facts_rev: number;
}

/** The publish state of each property, in one query whatever their number. */
export async function publishStates(
  db: Kysely<Database>,
  properties: readonly Publishable[],
): Promise<Map<number, PublishState>> {
  const ids = properties.map((p) => p.id);
  const rows = ids.length
    ? await db
        .selectFrom('publications')
        .select(['property_id', (eb) => eb.fn.max('facts_rev').as('rev')])
        .where('property_id', 'in', ids)
        .groupBy('property_id')
        .execute()
    : [];
  const published = new Map(rows.map((r) => [r.property_id, Number(r.rev)]));
  return new Map(
    properties.map((p) => {
      const rev = published.get(p.id);
      const state: PublishState =
        p.publish_date === null || rev === undefined ? 'draft' : rev >= p.facts_rev ? 'published' : 'changed';
      return [p.id, state];
    }),
  );
}
