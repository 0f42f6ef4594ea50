import type { FreshnessWire } from '../../../shared/generated/wire-types.js';
import { fieldError } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit } from '../audit/index.js';
import type { PropertyRow } from '../properties/index.js';
import { freshnessDays, sectionFreshness } from './freshness.js';
import { propertyFreshness } from './next-steps.js';

/**
 * "Still correct": the hotel confirms a section without changing it; its freshness starts again
 * (and a later staleness is reminded of again). Only a section that applies and was saved can be
 * confirmed: there is nothing to confirm in one never filled.
 */
export async function confirmSection(
  services: Services,
  auth: AuthContext,
  ip: string,
  p: PropertyRow,
  section: string,
): Promise<FreshnessWire> {
  const now = services.clock.now();
  const days = await freshnessDays(services.db.kysely, p.account_id);
  const entry = (await sectionFreshness(services, p.id, days, now)).find((s) => s.section === section);
  if (!entry) throw fieldError('section', `There is no section ${section} in this property.`);
  if (!entry.confirmed_at) throw fieldError('section', `${entry.title} was never saved: fill it in first.`);
  const at = now.toISOString();
  await services.db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('fact_confirmations')
      .values({ property_id: p.id, section, confirmed_at: at, confirmed_by: auth.user.id, reminded_at: null })
      .onConflict((oc) =>
        oc.columns(['property_id', 'section']).doUpdateSet({ confirmed_at: at, confirmed_by: auth.user.id }),
      )
      .execute();
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'facts',
        action: 'confirm',
        propertyId: p.id,
        subject: section,
        summary: `${entry.title} confirmed as still correct`,
        changes: [],
      },
      trx,
    );
  });
  return propertyFreshness(services, p);
}
