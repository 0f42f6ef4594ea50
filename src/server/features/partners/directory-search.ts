import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { PartnerSearchWire } from '../../../shared/generated/wire-types.js';
import { ApiError } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import { searchTerms } from '../../db/fold.js';
import { pageAndCount } from '../../db/page-count.js';
import type { Side } from './contracts.js';
import { columnsOf, directoryColumns, upper } from './directory-columns.js';
import { listedAccounts, otherType, partnerEntries } from './partners.js';
import { containing, startingWith, offsetOf, pageOf, PAGE_SIZE } from './paging.js';

type Users = ExpressionBuilder<Database, 'users'>;

/**
 * The caller's partners whose latest contract the caller may see is in a status, and those with
 * any contract at all: found from the caller's own contracts (at most a few hundred), never by
 * asking per listed company.
 */
function contractPartners(side: Side) {
  const { mine, theirs, laterMine, laterTheirs } = columnsOf(side);
  const visible = (e: ExpressionBuilder<Database, 'contracts'>) =>
    e.or([e('contracts.status', '!=', 'D'), e('contracts.author_account_id', '=', side.accountId)]);
  const inStatus = (eb: Users, status: string) =>
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
              .where((l) => l.or([l('later.status', '!=', 'D'), l('later.author_account_id', '=', side.accountId)])),
          ),
        ),
      );
  const any = (eb: Users) => eb.selectFrom('contracts').select(theirs).where(mine, '=', side.accountId).where(visible);
  return { inStatus, any };
}

/**
 * The accounts where each word starts a word of a property's name and city or of the company's
 * name and city: two index reads (trigram GIN on PostgreSQL) whose accounts are united, never a
 * scan of every company. Each word comes in its search forms (searchTerms).
 */
function accountsMatching(
  db: Kysely<Database>,
  keys: { propertyKey: RawBuilder<string>; companyKey: RawBuilder<string> },
  words: string[][],
) {
  // A word starts the text ('w%') or follows a space ('% w%').
  const starts = (key: RawBuilder<string>, forms: string[]) =>
    sql`(${sql.join(
      forms.map(
        (w) => sql`${key} like ${startingWith(w)} escape '\\' or ${key} like ${containing(` ${w}`)} escape '\\'`,
      ),
      sql` or `,
    )})`;
  const all = (key: RawBuilder<string>) =>
    sql<boolean>`${sql.join(
      words.map((w) => starts(key, w)),
      sql` and `,
    )}`;
  return db
    .selectFrom('properties')
    .select('properties.account_id')
    .where(all(keys.propertyKey))
    .union(db.selectFrom('companies').select('companies.account_id').where(all(keys.companyKey)));
}

/** A page of the partner directory the caller may partner with. */
export async function searchDirectory(services: Services, side: Side, body: PartnerSearchWire, page: number) {
  const db = services.db.kysely;
  const role = (body.role ?? '').trim();
  if (role && role !== 'accommodation' && role !== 'to')
    throw new ApiError(400, { role: ['Choose accommodation or to.'] });
  const none = () => pageOf(services, 'api/partners/', page, 0, []);
  // Hotels partner with tour operators and operators with hotels: the caller's own type lists nobody.
  if (role === side.type) return none();
  const words = searchTerms(body.search ?? '');
  // A search of punctuation alone names no word: it finds nothing (rather than everyone).
  if (!words.length && (body.search ?? '').trim()) return none();
  const cols = directoryColumns(services);
  const partners = contractPartners(side);
  let q = db
    .selectFrom('users')
    .leftJoin('companies', 'companies.account_id', 'users.id')
    .where('users.account_type', '=', otherType(side.type))
    .where(listedAccounts);
  const countries = upper(body.countries);
  if (countries.length) q = q.where(cols.effectiveCountry, 'in', countries);
  if (words.length) q = q.where('users.id', 'in', accountsMatching(db, cols, words));
  const status = body.status ?? '';
  if (status === 'None') q = q.where((eb) => eb('users.id', 'not in', partners.any(eb)));
  else if (status) q = q.where((eb) => eb('users.id', 'in', partners.inStatus(eb, status)));
  const { rows, count } = await pageAndCount(
    () =>
      q
        .select('users.id')
        .select((eb) => eb.fn.countAll().over().as('full_count'))
        .orderBy(cols.sortName)
        .orderBy('users.id')
        .limit(PAGE_SIZE)
        .offset(offsetOf(page))
        .execute(),
    async () => Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0),
    offsetOf(page),
  );
  const results = await partnerEntries(
    services,
    side,
    rows.map((r) => r.id),
    undefined,
    words,
  );
  return pageOf(services, 'api/partners/', page, count, results);
}
