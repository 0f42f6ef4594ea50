import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { PartnerPropertiesWire } from '../../../shared/generated/wire-types.js';
import { contractedProperties } from '../partners/index.js';
import { pageAndCount } from '../../db/page-count.js';

const PAGE_SIZE = 50;

/**
 * GET api/v1/properties/: the properties the key's account sees, 50 a page, optionally only those
 * updated or published since a moment; an operator's with its code and its approved name.
 */
export async function partnerProperties(
  services: Services,
  auth: AuthContext,
  page: number,
  updatedSince: string | undefined,
): Promise<PartnerPropertiesWire> {
  const db = services.db.kysely;
  const since = updatedSince ? new Date(updatedSince).toISOString() : undefined;
  const operator = auth.user.accountType === 'to';
  const now = services.clock.now().toISOString();
  // An operator's list is driven from its contracts (indexed by operator, then the hotels'
  // properties by account): a `p.id in (...)` filter read every property of the market.
  // One live contract per hotel and operator, so no property comes twice.
  let q = operator
    ? contractedProperties(db, auth.accountId, now)
        .clearSelect()
        .select(['p.id', 'p.hotel_name', 'p.country', 'p.city', 'p.updated_at', 'p.publish_date'])
    : db
        .selectFrom('properties as p')
        .select(['p.id', 'p.hotel_name', 'p.country', 'p.city', 'p.updated_at', 'p.publish_date'])
        .where('p.account_id', '=', auth.accountId);
  if (since) q = q.where((eb) => eb.or([eb('p.updated_at', '>=', since), eb('p.publish_date', '>=', since)]));
  const offset = (page - 1) * PAGE_SIZE;
  const { rows, count } = await pageAndCount(
    () =>
      q
        .select((eb) => eb.fn.countAll().over().as('full_count'))
        // An operator's code and approved name of each hotel, in the page's own statement: PostgreSQL
        // runs these for the page's rows only, after the sort and the limit. Two more statements
        // per call had been a third of the call's database round trips.
        .$if(operator, (b) =>
          b.select((eb) => [
            eb
              .selectFrom('hotel_mappings as hm')
              .select('hm.override_code')
              .whereRef('hm.property_id', '=', 'p.id')
              .where('hm.operator_account_id', '=', auth.accountId)
              .as('code'),
            eb
              .selectFrom('overrides as o')
              .select('o.value')
              .whereRef('o.property_id', '=', 'p.id')
              .where('o.operator_account_id', '=', auth.accountId)
              .where('o.field', '=', 'hotel_name')
              .where('o.status', '=', 'approved')
              .orderBy('o.id', 'desc')
              .limit(1)
              .as('name_override'),
          ]),
        )
        .orderBy('p.id')
        .limit(PAGE_SIZE)
        .offset(offset)
        .execute(),
    async () =>
      Number(
        (
          await q
            .clearSelect()
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      ),
    offset,
  );
  return {
    count,
    page,
    next: page * PAGE_SIZE < count ? page + 1 : null,
    results: rows.map((r) => ({
      id: r.id,
      hotel_name: approvedName(r.name_override) ?? r.hotel_name,
      country: r.country || null,
      city: r.city || null,
      updated_at: r.updated_at,
      published_at: r.publish_date,
      code: r.code ?? null,
    })),
  };
}

/** An approved name override's value (JSON text) as the name it gives; undefined for none or an empty one. */
function approvedName(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const v = JSON.parse(value) as unknown;
  return typeof v === 'string' && v ? v : undefined;
}
