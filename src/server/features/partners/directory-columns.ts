import { sql } from 'kysely';
import type { Services } from '../../services.js';
import { companySearchKey, propertySearchKey } from '../../db/fold.js';
import type { Side } from './contracts.js';
import { companyColumns } from './partners.js';

/** Country codes as the columns hold them. */
export const upper = (codes: readonly string[] | undefined) => (codes ?? []).map((c) => c.toUpperCase());

/** The caller's and the partner's columns of the contracts table. */
export function columnsOf(side: Side) {
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

/**
 * The expressions the directory's lists filter and sort a company by, over `users` joined with
 * `companies`: its country, the name it is shown by (partnerEntries: its company name, else its
 * first property's, else the owner's) and the folded search keys of properties and companies.
 */
export function directoryColumns(services: Services) {
  const company = companyColumns(services);
  const effectiveCountry = sql<string>`coalesce(nullif(${company.country}, ''), users.country)`;
  const firstProperty = sql<
    string | null
  >`(select p1.hotel_name from properties p1 where p1.account_id = users.id order by p1.id limit 1)`;
  const shownName = sql<string>`coalesce(nullif(${company.name}, ''), ${firstProperty}, users.first_name || ' ' || users.last_name)`;
  return {
    effectiveCountry,
    shownName,
    sortName: sql<string>`lower(${shownName})`,
    propertyKey: propertySearchKey(),
    companyKey: companySearchKey(services.db.dialect),
  };
}
