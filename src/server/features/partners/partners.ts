import type { ExpressionBuilder, Kysely } from 'kysely';
import type { PartnerWire } from '../../../shared/generated/wire-types.js';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { companyWire } from '../settings/company.js';
import { jsonText } from './paging.js';

export type AccountType = 'accommodation' | 'to';
export type ContractStatusWire = PartnerWire['contract_status'];

export const NOT_CONNECTED: ContractStatusWire = { id: null, status: 'None' };

export const otherType = (t: AccountType): AccountType => (t === 'to' ? 'accommodation' : 'to');

/** The hotel and operator accounts of a pair, from one side and its partner. */
export function pairOf(side: { accountId: number; type: AccountType }, partner: number): { hotel: number; operator: number } {
  return side.type === 'accommodation' ? { hotel: side.accountId, operator: partner } : { hotel: partner, operator: side.accountId };
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
export async function contractStatuses(db: Kysely<Database>, side: { accountId: number; type: AccountType }, partners: readonly number[]): Promise<Map<number, ContractStatusWire>> {
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
  for (const r of rows) if (!out.has(r.partner)) out.set(r.partner, { id: r.id, status: r.status as ContractStatusWire['status'] });
  return out;
}

/** Partner entries of these accounts, in the order given: public profile and the caller's connection. */
export async function partnerEntries(
  services: Services,
  side: { accountId: number; type: AccountType },
  ids: readonly number[],
  statuses?: Map<number, ContractStatusWire>,
): Promise<PartnerWire[]> {
  if (!ids.length) return [];
  const db = services.db.kysely;
  const users = await db.selectFrom('users').select(['id', 'email', 'account_type', 'country', 'genuine', 'premium_active']).where('id', 'in', [...ids]).execute();
  const companies = await db.selectFrom('companies').selectAll().where('account_id', 'in', [...ids]).execute();
  const byUser = new Map(users.map((u) => [u.id, u]));
  const byCompany = new Map(companies.map((c) => [c.account_id, c]));
  const known = statuses ?? (await contractStatuses(db, side, ids));
  const out: PartnerWire[] = [];
  for (const id of ids) {
    const user = byUser.get(id);
    if (!user) continue;
    const company = await companyWire(services, id, byCompany.get(id), user);
    out.push({
      id,
      email: user.email,
      account_type: user.account_type as PartnerWire['account_type'],
      country: company.country || user.country,
      company,
      contract_status: known.get(id) ?? NOT_CONNECTED,
    });
  }
  return out;
}

/** Companies' names for messages and lists: the company name, else the owner's name, else the e-mail; in one query. */
export async function companyNames(db: Kysely<Database>, accountIds: readonly number[]): Promise<Map<number, string>> {
  if (!accountIds.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .leftJoin('companies', 'companies.account_id', 'users.id')
    .select(['users.id', 'users.email', 'users.first_name', 'users.last_name', 'companies.data'])
    .where('users.id', 'in', [...new Set(accountIds)])
    .execute();
  return new Map(
    rows.map((row) => {
      const company = row.data ? ((JSON.parse(row.data) as { company?: string }).company ?? '').trim() : '';
      return [row.id, company || `${row.first_name} ${row.last_name}`.trim() || row.email];
    }),
  );
}

/** One company's name (see companyNames). */
export async function companyName(db: Kysely<Database>, accountId: number): Promise<string> {
  return (await companyNames(db, [accountId])).get(accountId) ?? `Account ${accountId}`;
}
