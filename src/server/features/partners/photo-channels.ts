import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { PartnerPhotoChannelsWire } from '../../../shared/generated/wire-types.js';
import { notFound } from '../../plugins/errors.js';
import { ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { photoChannelsOf } from '../settings/index.js';
import { contractedOperators } from './access.js';
import { companyNames } from './partners.js';

/**
 * The tour operators with an accepted contract in force for the property, each once (a hotel may
 * hold several contracts with one operator), by account id, with the terms that apply.
 */
export async function propertyPartners(
  db: Kysely<Database>,
  propertyId: number,
  now: string,
): Promise<{ id: number; terms: string }[]> {
  const rows = await contractedOperators(db, propertyId, now).orderBy('contracts.operator_account_id').execute();
  const out = new Map<number, { id: number; terms: string }>();
  for (const r of rows)
    if (r.accepted_terms !== null && !out.has(r.operator_account_id))
      out.set(r.operator_account_id, { id: r.operator_account_id, terms: r.accepted_terms });
  return [...out.values()];
}

/** Per operator in contract for the property, the channels it passes the hotel's photos on to. */
export async function partnerPhotoChannels(
  services: Services,
  propertyId: number,
): Promise<PartnerPhotoChannelsWire[]> {
  const db = services.db.kysely;
  const partners = await propertyPartners(db, propertyId, services.clock.now().toISOString());
  const ids = partners.map((p) => p.id);
  const [names, channels] = await Promise.all([companyNames(db, ids), photoChannelsOf(db, ids)]);
  return partners.map((p) => ({ operator: p.id, company: names.get(p.id) ?? '', channels: channels.get(p.id) ?? [] }));
}

/** The hotel's view of its partners' photo channels (the gallery's rules panel, issue 40 §4). */
export function photoChannelPartnerHandlers(services: Services): HandlerMap {
  return {
    async partnersPropertyPhotoChannels(ctx) {
      // The router checked the property is the caller's (else 404); this only names it.
      if (!ctx.property) throw notFound();
      return ok(await partnerPhotoChannels(services, ctx.property.id));
    },
  };
}
