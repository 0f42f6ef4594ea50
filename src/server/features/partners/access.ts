import type { ExpressionBuilder, Kysely } from 'kysely';
import {
  CONTRACT_BOOLEAN_CODES,
  CONTRACT_PHOTO_CODES,
  OPERATOR_ACTION_TERMS,
  type OperatorAction,
} from '../../../shared/generated/value-lists.js';
import type { ContractTermsWire } from '../../../shared/generated/wire-types.js';
import type { Database, PropertiesTable } from '../../db/tables.js';
import { notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { ContractStatus } from './lifecycle.js';
import { parseTerms } from './terms.js';

/**
 * THE answer to "may tour operator O do X with property P?", for every feature that shows or
 * sends a hotel's data to an operator (fact sheet, overrides, mapping, photos, stop-sale,
 * exports, partner API). It comes from the contract in force between O and P's hotel account:
 * accepted, not ended (a cancellation ends it after the notice period), covering P (all the
 * hotel's properties, or P among those listed). No such contract: the operator gets 404, as if
 * the property did not exist.
 *
 * Per property: contractAccess / requireOperatorAccess. For lists: contractedProperties (an
 * operator's properties) and contractedOperators (a property's operators) are query builders to
 * join or filter with, so a list never asks per row. Terms: operatorMay (termAllows for a code), moderationLevel.
 */
export interface ContractAccess {
  contractId: number;
  propertyId: number;
  hotelAccountId: number;
  operatorAccountId: number;
  /** A, or P/C while an amendment is discussed (the accepted terms still apply), or X during the notice period. */
  status: ContractStatus;
  /** The number of the accepted version in force. */
  version: number;
  /** When a cancelled contract stops granting access; null while not cancelled. */
  endsAt: string | null;
  /** The accepted version's terms: the ones that apply. */
  terms: ContractTermsWire;
}

type Db = Kysely<Database>;
/** The tables of an access query: contracts joined with the hotel's properties as p. */
type WithProperty = Database & { p: PropertiesTable };

/** A contract row in force at `now`: accepted and not ended. */
function inForce(eb: ExpressionBuilder<Database, 'contracts'>, now: string) {
  return eb.and([
    eb('contracts.accepted_version', 'is not', null),
    eb.or([eb('contracts.ends_at', 'is', null), eb('contracts.ends_at', '>', now)]),
  ]);
}

/** The contract in force covers the property row `p` (all the hotel's properties, or p listed). */
function covers(eb: ExpressionBuilder<WithProperty, 'contracts' | 'p'>) {
  return eb.or([
    eb('contracts.covers_all', '=', true),
    eb.exists(
      eb
        .selectFrom('contract_properties as cp')
        .select('cp.property_id')
        .whereRef('cp.contract_id', '=', 'contracts.id')
        .whereRef('cp.property_id', '=', 'p.id'),
    ),
  ]);
}

/**
 * The properties operator `operatorAccountId` has access to at `now`, one row each:
 * {property_id, contract_id, hotel_account_id}. Join it (or `where p.id in (select property_id ...)`)
 * to list an operator's contracted properties.
 */
export function contractedProperties(db: Db, operatorAccountId: number, now: string) {
  return db
    .selectFrom('contracts')
    .innerJoin('properties as p', 'p.account_id', 'contracts.hotel_account_id')
    .select(['p.id as property_id', 'contracts.id as contract_id', 'contracts.hotel_account_id as hotel_account_id'])
    .where('contracts.operator_account_id', '=', operatorAccountId)
    .where((eb) => inForce(eb, now))
    .where(covers);
}

/**
 * The operators with access to property `propertyId` at `now`, one row each:
 * {operator_account_id, contract_id, accepted_terms} (stop-sale sharing, change notices).
 */
export function contractedOperators(db: Db, propertyId: number, now: string) {
  return db
    .selectFrom('contracts')
    .innerJoin('properties as p', 'p.account_id', 'contracts.hotel_account_id')
    .select([
      'contracts.operator_account_id as operator_account_id',
      'contracts.id as contract_id',
      'contracts.accepted_terms as accepted_terms',
    ])
    .where('p.id', '=', propertyId)
    .where((eb) => inForce(eb, now))
    .where(covers);
}

/**
 * Every (property, operator) pair of a hotel account in contract at `now`, one row each:
 * {property_id, operator_account_id, accepted_terms}, for tables over all its properties (the
 * portfolio) in one query instead of contractedOperators per property.
 */
export function contractedOperatorsOfAccount(db: Db, hotelAccountId: number, now: string) {
  return db
    .selectFrom('contracts')
    .innerJoin('properties as p', 'p.account_id', 'contracts.hotel_account_id')
    .select([
      'p.id as property_id',
      'contracts.operator_account_id as operator_account_id',
      'contracts.accepted_terms as accepted_terms',
    ])
    .where('contracts.hotel_account_id', '=', hotelAccountId)
    .where((eb) => inForce(eb, now))
    .where(covers);
}

/** The contract through which operator O reaches property P now, with its terms; undefined when none. */
export async function contractAccess(
  services: Services,
  operatorAccountId: number,
  propertyId: number,
): Promise<ContractAccess | undefined> {
  const now = services.clock.now().toISOString();
  const row = await services.db.kysely
    .selectFrom('contracts')
    .innerJoin('properties as p', 'p.account_id', 'contracts.hotel_account_id')
    .select([
      'contracts.id',
      'contracts.hotel_account_id',
      'contracts.status',
      'contracts.accepted_version',
      'contracts.accepted_terms',
      'contracts.ends_at',
      'p.id as property_id',
    ])
    .where('contracts.operator_account_id', '=', operatorAccountId)
    .where('p.id', '=', propertyId)
    .where((eb) => inForce(eb, now))
    .where(covers)
    // One contract is in force per pair; should two ever overlap, the newest decides.
    .orderBy('contracts.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.accepted_version === null || row.accepted_terms === null) return undefined;
  return {
    contractId: row.id,
    propertyId: row.property_id,
    hotelAccountId: row.hotel_account_id,
    operatorAccountId,
    status: row.status as ContractStatus,
    version: row.accepted_version,
    endsAt: row.ends_at,
    terms: parseTerms(services, row.accepted_terms),
  };
}

/** For an operator's call about a property: its contract access, or 404 (hotels and strangers too). */
export async function requireOperatorAccess(
  services: Services,
  auth: AuthContext,
  propertyId: number,
): Promise<ContractAccess> {
  if (auth.user.accountType !== 'to') throw notFound();
  const access = await contractAccess(services, auth.accountId, propertyId);
  if (!access) throw notFound();
  return access;
}

/** What an operator may do under a contract's terms: the terms marked x-operator-action in contract-terms.schema.json. */
export type { OperatorAction };

/** yes; approval: only with the hotel's approval by e-mail; no. */
export type Allowance = 'yes' | 'approval' | 'no';

/** The term granting each action (its x-operator-action). */
const FIELD: Readonly<Record<OperatorAction, keyof ContractTermsWire>> = OPERATOR_ACTION_TERMS;

type CodeList = readonly { value: string; allows: Allowance }[];

/** What each code of the lists allows; a code in several lists must mean the same in each (read without its list). */
function allowsOf(...lists: CodeList[]): ReadonlyMap<unknown, Allowance> {
  const out = new Map<unknown, Allowance>();
  for (const c of lists.flat()) {
    if ((out.get(c.value) ?? c.allows) !== c.allows)
      throw new Error(`contract term code ${c.value} means both ${out.get(c.value)} and ${c.allows}`);
    out.set(c.value, c.allows);
  }
  return out;
}

/** The `meaning.allows` of option lists contractBoolean and contractPhotoOptions, by list ('any': either). */
const ALLOWS = {
  contractBoolean: allowsOf(CONTRACT_BOOLEAN_CODES),
  contractPhotoOptions: allowsOf(CONTRACT_PHOTO_CODES),
  any: allowsOf(CONTRACT_BOOLEAN_CODES, CONTRACT_PHOTO_CODES),
};

/**
 * THE reading of a term's code (every Y/N/O and A/N/E term): Y / A yes; O / E only with approval
 * by e-mail; N (or anything else, or a code of another list than `list`) no. Meanings come from
 * the option lists.
 */
export function termAllows(code: unknown, list: keyof typeof ALLOWS = 'any'): Allowance {
  return ALLOWS[list].get(code) ?? 'no';
}

/** What the operator may do under these terms (termAllows of the action's term). */
export function operatorMay(terms: ContractTermsWire, action: OperatorAction): Allowance {
  return termAllows(terms[FIELD[action]]);
}

const MODERATION = [null, 'M', 'R', 'D', 'A', 'O'] as const;

/** The override moderation as its code 0 (Undefined) to 5 (Open); 0 when the operator may not edit facts. */
export function moderationLevel(terms: ContractTermsWire): 0 | 1 | 2 | 3 | 4 | 5 {
  if (operatorMay(terms, 'edit_facts') === 'no') return 0;
  return Math.max(0, MODERATION.indexOf(terms.override_moderation)) as 0 | 1 | 2 | 3 | 4 | 5;
}

/** The moderation letter stored for a code 0 to 5 (spec 000 §4: 0..5 are saved as null, M, R, D, A, O). */
export function moderationCode(level: number): ContractTermsWire['override_moderation'] {
  return MODERATION[level] ?? null;
}
