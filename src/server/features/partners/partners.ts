import type { ExpressionBuilder, Kysely } from 'kysely';
import type { PartnerWire } from '../../../shared/generated/wire-types.js';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { companyWire } from '../settings/index.js';
import { jsonText } from './paging.js';
import { startsWords } from '../../db/fold.js';
import { propertiesOfAccounts } from '../properties/index.js';

export type AccountType = 'accommodation' | 'to';
export type ContractStatusWire = PartnerWire['contract_status'];

export const NOT_CONNECTED: ContractStatusWire = { id: null, status: 'None' };

export const otherType = (t: AccountType): AccountType => (t === 'to' ? 'accommodation' : 'to');

/** The hotel and operator accounts of a pair, from one side and its partner. */
export function pairOf(
  side: { accountId: number; type: AccountType },
  partner: number,
): { hotel: number; operator: number } {
  return side.type === 'accommodation'
    ? { hotel: side.accountId, operator: partner }
    : { hotel: partner, operator: side.accountId };
}

/** Owners of active, activated, non-staff accounts: the companies that may appear to partners. */
export function listedAccounts(eb: ExpressionBuilder<Database, 'users'>) {
  return eb.and([
    eb('users.manager_id', 'is', null),
    eb('users.is_active', '=', true),
    eb('users.is_staff', '=', false),
    eb('users.deactivated_at', 'is', null),
  ]);
}

/** An account that may be a partner: listed, of the given type; undefined otherwise. */
export async function findPartnerAccount(db: Kysely<Database>, id: number, type: AccountType) {
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
  return db
    .selectFrom('users')
    .select(['id', 'email', 'account_type', 'country', 'first_name', 'last_name'])
    .where('id', '=', id)
    .where('account_type', '=', type)
    .where(listedAccounts)
    .executeTakeFirst();
}

/** The SQL expressions of a company's name, city and country (companies.data is JSON text). */
export function companyColumns(services: Services) {
  return {
    name: jsonText(services, 'companies.data', 'company'),
    city: jsonText(services, 'companies.data', 'city'),
    country: jsonText(services, 'companies.data', 'country'),
  };
}

/**
 * The latest contract of each pair (caller, partner) the caller may see (another side's draft is
 * not there), as {id, status}; partners without one are not in the map.
 */
export async function contractStatuses(
  db: Kysely<Database>,
  side: { accountId: number; type: AccountType },
  partners: readonly number[],
): Promise<Map<number, ContractStatusWire>> {
  if (!partners.length) return new Map();
  const mine = side.type === 'accommodation' ? 'hotel_account_id' : 'operator_account_id';
  const theirs = side.type === 'accommodation' ? 'operator_account_id' : 'hotel_account_id';
  const rows = await db
    .selectFrom('contracts')
    .select(['id', 'status', `${theirs} as partner`])
    .where(mine, '=', side.accountId)
    .where(theirs, 'in', [...partners])
    .where((eb) => eb.or([eb('status', '!=', 'D'), eb('author_account_id', '=', side.accountId)]))
    .orderBy('id', 'desc')
    .execute();
  const out = new Map<number, ContractStatusWire>();
  for (const r of rows)
    if (!out.has(r.partner)) out.set(r.partner, { id: r.id, status: r.status as ContractStatusWire['status'] });
  return out;
}

/** How many of a hotel's properties an entry lists (the directory row; the count says how many there are). */
const LISTED_PROPERTIES = 10;

type PropertyBrief = Awaited<ReturnType<typeof propertiesOfAccounts>>[number];

/** The properties of these accounts, oldest first (the first is the one a company without details is shown by). */
async function propertiesOf(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, PropertyBrief[]>> {
  const out = new Map<number, PropertyBrief[]>();
  if (!ids.length) return out;
  const rows = await propertiesOfAccounts(db, ids);
  for (const r of rows) out.set(r.account_id, [...(out.get(r.account_id) ?? []), r]);
  return out;
}

/**
 * Partner entries of these accounts, in the order given: public profile, properties and the
 * caller's connection. `words`: the directory search's terms (each word and its transliteration), to flag the properties they matched.
 */
export async function partnerEntries(
  services: Services,
  side: { accountId: number; type: AccountType },
  ids: readonly number[],
  statuses?: Map<number, ContractStatusWire>,
  words: readonly (readonly string[])[] = [],
): Promise<PartnerWire[]> {
  if (!ids.length) return [];
  const db = services.db.kysely;
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'account_type', 'country', 'first_name', 'last_name', 'genuine', 'premium_active'])
    .where('id', 'in', [...ids])
    .execute();
  const companies = await db
    .selectFrom('companies')
    .selectAll()
    .where('account_id', 'in', [...ids])
    .execute();
  const properties = await propertiesOf(db, ids);
  const byUser = new Map(users.map((u) => [u.id, u]));
  const byCompany = new Map(companies.map((c) => [c.account_id, c]));
  const known = statuses ?? (await contractStatuses(db, side, ids));
  const out: PartnerWire[] = [];
  for (const id of ids) {
    const user = byUser.get(id);
    if (!user) continue;
    const company = await companyWire(services, id, byCompany.get(id), user);
    const own = (properties.get(id) ?? []).map((p) => ({
      id: p.id,
      hotel_name: p.hotel_name,
      city: p.city,
      country: p.country,
      matched: startsWords(`${p.hotel_name} ${p.city}`, words),
      // A draft is listed too (a hotel's whole portfolio), marked so no one takes it for live facts.
      published: p.publish_date !== null,
    }));
    const first = own[0];
    // Matched properties first, then the oldest; the first property stands in for missing company details.
    const listed = [...own.filter((p) => p.matched), ...own.filter((p) => !p.matched)].slice(0, LISTED_PROPERTIES);
    out.push({
      id,
      email: company.email,
      name: company.company || first?.hotel_name || `${user.first_name} ${user.last_name}`.trim() || `Company ${id}`,
      account_type: user.account_type as PartnerWire['account_type'],
      country: company.country || first?.country || user.country,
      city: company.city || first?.city || '',
      company,
      properties: listed,
      property_count: own.length,
      contract_status: known.get(id) ?? NOT_CONNECTED,
    });
  }
  return out;
}

/**
 * Companies' names for messages and lists: the company name, else its first property's name (a
 * hotel that has not filled in its details), else the owner's name; never an e-mail address.
 */
export async function companyNames(db: Kysely<Database>, accountIds: readonly number[]): Promise<Map<number, string>> {
  if (!accountIds.length) return new Map();
  const ids = [...new Set(accountIds)];
  const rows = await db
    .selectFrom('users')
    .leftJoin('companies', 'companies.account_id', 'users.id')
    .select(['users.id', 'users.first_name', 'users.last_name', 'companies.data'])
    .select((eb) =>
      eb
        .selectFrom('properties')
        .select('properties.hotel_name')
        .whereRef('properties.account_id', '=', 'users.id')
        .orderBy('properties.id')
        .limit(1)
        .as('first_property'),
    )
    .where('users.id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => {
      const company = row.data ? ((JSON.parse(row.data) as { company?: string }).company ?? '').trim() : '';
      return [
        row.id,
        company ||
          (row.first_property ?? '').trim() ||
          `${row.first_name} ${row.last_name}`.trim() ||
          `Company ${row.id}`,
      ];
    }),
  );
}

/** One company's name (see companyNames). */
export async function companyName(db: Kysely<Database>, accountId: number): Promise<string> {
  return (await companyNames(db, [accountId])).get(accountId) ?? `Account ${accountId}`;
}
