import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type {
  ContractedPropertiesQueryWire,
  ContractedPropertyPageWire,
  ContractsQueryWire,
  PartnerSearchWire,
} from '../../../shared/generated/wire-types.js';
import type { AuthContext } from '../../routing/auth-context.js';
import { ApiError } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import { filteredContracted } from './contracted-filter.js';
import { listedHotelName } from './listed-name.js';
import { contractSummaries, type Side } from './contracts.js';
import { companyColumns, companyNames, listedAccounts, otherType, partnerEntries } from './partners.js';
import { containing, likeLower, startingWith, offsetOf, pageOf, PAGE_SIZE } from './paging.js';
import { companySearchKey, propertySearchKey, searchTerms } from '../../db/fold.js';

const upper = (codes: readonly string[] | undefined) => (codes ?? []).map((c) => c.toUpperCase());

/** The caller's and the partner's columns of the contracts table. */
function columnsOf(side: Side) {
  return side.type === 'accommodation'
    ? ({
        mine: 'contracts.hotel_account_id',
        theirs: 'contracts.operator_account_id',
        laterMine: 'later.hotel_account_id',
        laterTheirs: 'later.operator_account_id',
      } as const)
    : ({
        mine: 'contracts.operator_account_id',
        theirs: 'contracts.hotel_account_id',
        laterMine: 'later.operator_account_id',
        laterTheirs: 'later.hotel_account_id',
      } as const);
}

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

/**
 * The directory's queries: the partner directory, my partners, an operator's contracted
 * properties, my contracts. Searches over accounts, companies, properties and contracts at once,
 * so they are joins here rather than calls to each table's reader (one indexed query per page).
 */
export function directoryQueries(services: Services, operatorStates: OperatorStatesOf) {
  const db = services.db.kysely;
  const company = companyColumns(services);
  const effectiveCountry = sql<string>`coalesce(nullif(${company.country}, ''), users.country)`;
  // The name a company is shown by (partnerEntries): its company name, else its first property's, else the owner's.
  const firstProperty = sql<
    string | null
  >`(select p1.hotel_name from properties p1 where p1.account_id = users.id order by p1.id limit 1)`;
  const shownName = sql<string>`coalesce(nullif(${company.name}, ''), ${firstProperty}, users.first_name || ' ' || users.last_name)`;
  const sortName = sql<string>`lower(${shownName})`;
  const propertyKey = propertySearchKey(services.db.dialect);
  const companyKey = companySearchKey(services.db.dialect);

  return {
    /** A page of the partner directory the caller may partner with. */
    async directory(side: Side, body: PartnerSearchWire, page: number) {
      const listed = otherType(side.type);
      const role = (body.role ?? '').trim();
      if (role && role !== 'accommodation' && role !== 'to')
        throw new ApiError(400, { role: ['Choose accommodation or to.'] });
      // Hotels partner with tour operators and operators with hotels: the caller's own type lists nobody.
      if (role === side.type) return pageOf(services, 'api/partners/', page, 0, []);
      const { mine, theirs, laterMine, laterTheirs } = columnsOf(side);
      // The caller's partners whose latest visible contract is in a status: found from the caller's
      // own contracts (at most a few hundred), never by asking per listed company.
      const visible = (e: ExpressionBuilder<Database, 'contracts'>) =>
        e.or([e('contracts.status', '!=', 'D'), e('contracts.author_account_id', '=', side.accountId)]);
      const partnersIn = (eb: ExpressionBuilder<Database, 'users'>, status: string) =>
        eb
          .selectFrom('contracts')
          .select(theirs)
          .where(mine, '=', side.accountId)
          .where('contracts.status', '=', status)
          .where(visible)
          .where((e) =>
            e.not(
              e.exists(
                e
                  .selectFrom('contracts as later')
                  .select('later.id')
                  .whereRef(laterMine, '=', mine)
                  .whereRef(laterTheirs, '=', theirs)
                  .whereRef('later.id', '>', 'contracts.id')
                  .where((l) =>
                    l.or([l('later.status', '!=', 'D'), l('later.author_account_id', '=', side.accountId)]),
                  ),
              ),
            ),
          );
      const anyContract = (eb: ExpressionBuilder<Database, 'users'>) =>
        eb.selectFrom('contracts').select(theirs).where(mine, '=', side.accountId).where(visible);
      let q = db
        .selectFrom('users')
        .leftJoin('companies', 'companies.account_id', 'users.id')
        .where('users.account_type', '=', listed)
        .where(listedAccounts);
      const countries = upper(body.countries);
      if (countries.length) q = q.where(effectiveCountry, 'in', countries);
      // Each word starts a word of a property's name and city or of the company's name and city: two
      // index reads (trigram GIN on PostgreSQL) whose accounts are united, never a scan of every company.
      const words = searchTerms(body.search ?? '');
      // A search of punctuation alone names no word: it finds nothing (rather than everyone).
      if (!words.length && (body.search ?? '').trim()) return pageOf(services, 'api/partners/', page, 0, []);
      if (words.length) {
        // A word starts the text ('w%') or follows a space ('% w%').
        const starts = (key: typeof propertyKey, forms: string[]) =>
          sql`(${sql.join(
            forms.map(
              (w) => sql`${key} like ${startingWith(w)} escape '\\' or ${key} like ${containing(` ${w}`)} escape '\\'`,
            ),
            sql` or `,
          )})`;
        const all = (key: typeof propertyKey) =>
          sql<boolean>`${sql.join(
            words.map((w) => starts(key, w)),
            sql` and `,
          )}`;
        q = q.where((eb) =>
          eb(
            'users.id',
            'in',
            db
              .selectFrom('properties')
              .select('properties.account_id')
              .where(all(propertyKey))
              .union(db.selectFrom('companies').select('companies.account_id').where(all(companyKey))),
          ),
        );
      }
      const status = body.status ?? '';
      if (status === 'None') q = q.where((eb) => eb('users.id', 'not in', anyContract(eb)));
      else if (status) q = q.where((eb) => eb('users.id', 'in', partnersIn(eb, status)));
      const count = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await q
        .select('users.id')
        .orderBy(sortName)
        .orderBy('users.id')
        .limit(PAGE_SIZE)
        .offset(offsetOf(page))
        .execute();
      const results = await partnerEntries(
        services,
        side,
        rows.map((r) => r.id),
        undefined,
        words,
      );
      return pageOf(services, 'api/partners/', page, count, results);
    },

    /** The accounts the caller has a contract in force with, by shown name. */
    async myPartners(side: Side) {
      const { mine, theirs } = columnsOf(side);
      const now = services.clock.now().toISOString();
      const rows = await db
        .selectFrom('contracts')
        .innerJoin('users', 'users.id', theirs)
        .leftJoin('companies', 'companies.account_id', 'users.id')
        .select('users.id')
        .distinct()
        .where(mine, '=', side.accountId)
        .where('contracts.accepted_version', 'is not', null)
        .where((eb) => eb.or([eb('contracts.ends_at', 'is', null), eb('contracts.ends_at', '>', now)]))
        .where(listedAccounts)
        .select(sortName.as('sort_name'))
        .orderBy('sort_name')
        .orderBy('users.id')
        .execute();
      return partnerEntries(
        services,
        side,
        rows.map((r) => r.id),
      );
    },

    /**
     * A page of an operator's contracted properties with their latest change and states, and how
     * many of all it finds were never published (the export centre says so before an export).
     */
    async contractedProperties(auth: AuthContext, body: ContractedPropertiesQueryWire, page: number) {
      const q = filteredContracted(db, auth.accountId, services.clock.now().toISOString(), body);
      const countOf = async (query: typeof q) =>
        Number(
          (
            await query
              .clearSelect()
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirst()
          )?.n ?? 0,
        );
      const count = await countOf(q);
      // Never published: no publication at all, as the operator's own state says (publication null).
      const unpublished = count
        ? await countOf(
            q.where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('publications')
                    .select('publications.id')
                    .whereRef('publications.property_id', '=', 'p.id'),
                ),
              ),
            ),
          )
        : 0;
      const rows = await q
        .select(['p.hotel_name', 'p.country', 'p.state', 'p.city', 'p.publish_date', 'p.updated_at'])
        .select((eb) => [
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
      const names = await companyNames(
        db,
        rows.map((r) => r.hotel_account_id),
      );
      const states = await operatorStates(
        db,
        auth.accountId,
        rows.map((r) => r.property_id),
      );
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
    },

    /** A page of the caller's contracts the filters find, latest change first. */
    async myContracts(side: Side, body: ContractsQueryWire, page: number) {
      const { mine, theirs } = columnsOf(side);
      const now = services.clock.now().toISOString();
      let q = db
        .selectFrom('contracts')
        .innerJoin('users', 'users.id', theirs)
        .leftJoin('companies', 'companies.account_id', 'users.id')
        .where(mine, '=', side.accountId)
        .where((eb) =>
          eb.or([eb('contracts.status', '!=', 'D'), eb('contracts.author_account_id', '=', side.accountId)]),
        );
      const pending = ['P', 'C'];
      if (body.type === 'incoming')
        q = q.where('contracts.status', 'in', pending).where('contracts.turn_account_id', '=', side.accountId);
      else if (body.type === 'outgoing') {
        q = q.where((eb) =>
          eb.or([
            eb('contracts.status', '=', 'D'),
            eb.and([eb('contracts.status', 'in', pending), eb('contracts.turn_account_id', '!=', side.accountId)]),
          ]),
        );
      } else if (body.type === 'current') {
        q = q
          .where('contracts.accepted_version', 'is not', null)
          .where((eb) => eb.or([eb('contracts.ends_at', 'is', null), eb('contracts.ends_at', '>', now)]));
      }
      if (body.status) q = q.where('contracts.status', '=', body.status);
      const countries = upper(body.countries);
      if (countries.length) q = q.where(effectiveCountry, 'in', countries);
      const search = (body.search ?? '').trim();
      if (search) q = q.where(likeLower(shownName, containing(search)));
      const count = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
      const rows = await q
        .selectAll('contracts')
        .orderBy('contracts.updated_at', 'desc')
        .orderBy('contracts.id', 'desc')
        .limit(PAGE_SIZE)
        .offset(offsetOf(page))
        .execute();
      return pageOf(services, 'api/partners/my-contracts/', page, count, await contractSummaries(services, side, rows));
    },
  };
}
