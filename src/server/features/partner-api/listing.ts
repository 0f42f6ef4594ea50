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
  const { codes, names } = operator
    ? await operatorNaming(
        services,
        auth.accountId,
        rows.map((r) => r.id),
      )
    : { codes: new Map<number, string | null>(), names: new Map<number, string>() };
  return {
    count,
    page,
    next: page * PAGE_SIZE < count ? page + 1 : null,
    results: rows.map((r) => ({
      id: r.id,
      hotel_name: names.get(r.id) ?? r.hotel_name,
      country: r.country || null,
      city: r.city || null,
      updated_at: r.updated_at,
      published_at: r.publish_date,
      code: codes.get(r.id) ?? null,
    })),
  };
}

/** An operator's hotel codes and approved name overrides for these properties. */
async function operatorNaming(
  services: Services,
  operatorAccountId: number,
  ids: readonly number[],
): Promise<{ codes: Map<number, string | null>; names: Map<number, string> }> {
  const db = services.db.kysely;
  const codes = new Map<number, string | null>();
  const names = new Map<number, string>();
  if (!ids.length) return { codes, names };
  for (const m of await db
    .selectFrom('hotel_mappings')
    .select(['property_id', 'override_code'])
    .where('operator_account_id', '=', operatorAccountId)
    .where('property_id', 'in', [...ids])
    .execute())
    codes.set(m.property_id, m.override_code);
  // The operator's approved name override is its name for the hotel.
  for (const o of await db
    .selectFrom('overrides')
    .select(['property_id', 'value'])
    .where('operator_account_id', '=', operatorAccountId)
    .where('property_id', 'in', [...ids])
    .where('field', '=', 'hotel_name')
    .where('status', '=', 'approved')
    .execute()) {
    const v = JSON.parse(o.value) as unknown;
    if (typeof v === 'string' && v) names.set(o.property_id, v);
  }
  return { codes, names };
}
