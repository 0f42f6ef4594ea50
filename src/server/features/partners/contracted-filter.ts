import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { contractedProperties } from './access.js';
import { containing, likeLower } from './paging.js';

/** The filters of an operator's list of contracted hotels (the fact-sheet list, the export centre). */
export interface ContractedFilters {
  search?: string;
  countries?: readonly string[];
  city?: string;
  partner?: number | null;
}

/**
 * The operator's contracted properties the filters find: search in the hotel name (the hotel's or
 * the operator's override) and city,
 * countries, one city (case-insensitive), one hotel account. The fact-sheet list pages it; the
 * export centre's "every hotel that matches" takes it whole, so both always agree.
 */
export function filteredContracted(
  db: Kysely<Database>,
  operatorAccountId: number,
  now: string,
  filters: ContractedFilters,
) {
  let q = contractedProperties(db, operatorAccountId, now);
  const search = (filters.search ?? '').trim();
  // The operator's lists name a hotel by the operator's approved override of its name, so a search
  // finds it by that name too (the override's value is JSON: a quoted string).
  if (search)
    q = q.where((eb) =>
      eb.or([
        likeLower(sql.ref('p.hotel_name'), containing(search)),
        likeLower(sql.ref('p.city'), containing(search)),
        eb.exists(
          eb
            .selectFrom('overrides as o')
            .select('o.id')
            .whereRef('o.property_id', '=', 'p.id')
            .where('o.operator_account_id', '=', operatorAccountId)
            .where('o.field', '=', 'hotel_name')
            .where('o.status', '=', 'approved')
            .where(likeLower(sql.ref('o.value'), containing(search))),
        ),
      ]),
    );
  const countries = (filters.countries ?? []).map((c) => c.toUpperCase());
  if (countries.length) q = q.where('p.country', 'in', countries);
  if (filters.partner) q = q.where('contracts.hotel_account_id', '=', filters.partner);
  const city = (filters.city ?? '').trim();
  if (city) q = q.where(sql`lower(p.city)`, '=', city.toLowerCase());
  return q;
}
