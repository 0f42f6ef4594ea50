import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type {
  ContractedPropertiesQueryWire,
  ContractedPropertyPageWire,
} from '../../../shared/generated/wire-types.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { filteredContracted } from './contracted-filter.js';
import { listedHotelName } from './listed-name.js';
import { companyNames } from './partners.js';
import { offsetOf, pageOf, PAGE_SIZE } from './paging.js';

type OperatorStateWire = { name_override: string | null } & Pick<
  ContractedPropertyPageWire['results'][number],
  | 'publication'
  | 'completeness'
  | 'unseen'
  | 'mapped'
  | 'rooms'
  | 'rooms_mapped'
  | 'overrides_pending'
  | 'overrides_drift'
>;

/**
 * An operator's own state of each of a page of properties (operator/states.ts). Handed in by
 * features/index.ts rather than imported: the operator feature sits above partners and reads it.
 */
export type OperatorStatesOf = (
  db: Kysely<Database>,
  operatorAccountId: number,
  propertyIds: readonly number[],
) => Promise<Map<number, OperatorStateWire>>;

type Filtered = ReturnType<typeof filteredContracted>;

/** A property never published (no publication at all, as the operator's own state says: publication null). */
function neverPublished(f: ExpressionBuilder<Database & { p: Database['properties'] }, 'contracts' | 'p'>) {
  return f.not(
    f.exists(f.selectFrom('publications').select('publications.id').whereRef('publications.property_id', '=', 'p.id')),
  );
}

/** How many properties the filters find, and how many of them were never published, in one statement. */
async function countsOf(query: Filtered): Promise<{ count: number; unpublished: number }> {
  const row = await query
    .clearSelect()
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.countAll().filterWhere(neverPublished).as('unpublished')])
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), unpublished: Number(row?.unpublished ?? 0) };
}

/**
 * A page of the filtered properties with the latest change of their sections and rows, each row
 * carrying the counts of all the filters find (`count(*) over ()`, as db/page-count.ts).
 */
function pageRows(q: Filtered, body: ContractedPropertiesQueryWire, page: number) {
  return q
    .select(['p.hotel_name', 'p.country', 'p.state', 'p.city', 'p.publish_date', 'p.updated_at'])
    .select((eb) => [
      eb.fn.countAll().over().as('full_count'),
      eb.fn.countAll().filterWhere(neverPublished).over().as('unpublished_count'),
      eb
        .selectFrom('fact_sections')
        .select((e) => e.fn.max('fact_sections.updated_at').as('m'))
        .whereRef('fact_sections.property_id', '=', 'p.id')
        .as('sections_at'),
      eb
        .selectFrom('fact_rows')
        .select((e) => e.fn.max('fact_rows.updated_at').as('m'))
        .whereRef('fact_rows.property_id', '=', 'p.id')
        .as('rows_at'),
    ])
    .$if(body.sort === 'changed', (b) =>
      b.orderBy(sql`case when p.publish_date is null then 1 else 0 end`).orderBy('p.publish_date', 'desc'),
    )
    .orderBy(sql`lower(p.hotel_name)`)
    .orderBy('p.id')
    .limit(PAGE_SIZE)
    .offset(offsetOf(page))
    .execute();
}

/**
 * A page of an operator's contracted properties with their latest change and states, and how
 * many of all it finds were never published (the export centre says so before an export).
 */
export async function contractedProperties(
  services: Services,
  operatorStates: OperatorStatesOf,
  auth: AuthContext,
  body: ContractedPropertiesQueryWire,
  page: number,
) {
  const db = services.db.kysely;
  const q = filteredContracted(db, auth.accountId, services.clock.now().toISOString(), body);
  // The page with its counts (each row carries them), then the page's names and states: two
  // statements in a row, not five. Only a page past the last, with no row, asks the counts alone.
  const rows = await pageRows(q, body, page);
  const { count, unpublished } = rows[0]
    ? { count: Number(rows[0].full_count), unpublished: Number(rows[0].unpublished_count) }
    : offsetOf(page) > 0
      ? await countsOf(q)
      : { count: 0, unpublished: 0 };
  const [names, states] = await Promise.all([
    companyNames(
      db,
      rows.map((r) => r.hotel_account_id),
    ),
    operatorStates(
      db,
      auth.accountId,
      rows.map((r) => r.property_id),
    ),
  ]);
  const results: ContractedPropertyPageWire['results'] = rows.map((r) => {
    const { name_override: shown, ...state } = states.get(r.property_id)!;
    const { name, ownName } = listedHotelName(r.hotel_name, shown);
    return {
      id: r.property_id,
      hotel_name: name,
      hotel_own_name: ownName,
      country: r.country,
      state: r.state,
      city: r.city,
      publish_date: r.publish_date,
      last_change: [r.updated_at, r.sections_at, r.rows_at]
        .filter((d): d is string => typeof d === 'string')
        .sort()
        .pop()!,
      partner: r.hotel_account_id,
      partner_name: names.get(r.hotel_account_id) ?? '',
      contract: r.contract_id,
      ...state,
    };
  });
  return { ...pageOf(services, 'api/partners/partners-properties/', page, count, results), unpublished };
}
