import type { Kysely, Selectable } from 'kysely';
import type { ContractSummaryWire, ContractWire, CoveredPropertyWire } from '../../../shared/generated/wire-types.js';
import type { ContractsTable, ContractVersionsTable, Database } from '../../db/tables.js';
import { notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { movesOpen, type ContractState, type ContractStatus } from './lifecycle.js';
import { companyNames, partnerEntries, type AccountType } from './partners.js';
import { parseTerms, type Terms } from './terms.js';
import { accountListings, listingsByIds } from '../properties/index.js';

/** Ids are 32-bit: anything larger names nothing (and must not reach PostgreSQL's integer columns). */
export const MAX_ID = 2_147_483_647;
export const isRowId = (id: number): boolean => Number.isInteger(id) && id >= 1 && id <= MAX_ID;

export type ContractRow = Selectable<ContractsTable>;
export type VersionRow = Selectable<ContractVersionsTable>;

/** The caller's side of a contract: its account and type. */
export interface Side {
  accountId: number;
  type: AccountType;
}

export const sideOf = (auth: AuthContext): Side => ({ accountId: auth.accountId, type: auth.user.accountType });

export const partnerOf = (row: ContractRow, side: Side): number =>
  side.type === 'accommodation' ? row.operator_account_id : row.hotel_account_id;

export function stateOf(row: ContractRow, now: string): ContractState {
  return {
    status: row.status as ContractStatus,
    author: row.author_account_id,
    turn: row.turn_account_id,
    accepted: inForce(row, now),
  };
}

/** Accepted terms apply now (also while an amendment is discussed and during a notice period). */
export function inForce(row: ContractRow, now: string): boolean {
  return row.accepted_version !== null && (row.ends_at === null || row.ends_at > now);
}

/** A contract of the caller's account it may see (another side's draft does not exist for it), or 404. */
export async function visibleContract(db: Kysely<Database>, side: Side, id: number): Promise<ContractRow> {
  if (!isRowId(id)) throw notFound();
  const mine = side.type === 'accommodation' ? 'hotel_account_id' : 'operator_account_id';
  const row = await db
    .selectFrom('contracts')
    .selectAll()
    .where('id', '=', id)
    .where(mine, '=', side.accountId)
    .where((eb) => eb.or([eb('status', '!=', 'D'), eb('author_account_id', '=', side.accountId)]))
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The pair's live contract (or, with `draft`, also the caller's own draft) that a new one would clash with. */
export async function clashingContract(
  db: Kysely<Database>,
  side: Side,
  pair: { hotel: number; operator: number },
  draft: boolean,
): Promise<{ id: number; status: string } | undefined> {
  return db
    .selectFrom('contracts')
    .select(['id', 'status'])
    .where('hotel_account_id', '=', pair.hotel)
    .where('operator_account_id', '=', pair.operator)
    .where((eb) =>
      draft
        ? eb.or([
            eb('status', 'in', ['P', 'C', 'A']),
            eb.and([eb('status', '=', 'D'), eb('author_account_id', '=', side.accountId)]),
          ])
        : eb('status', 'in', ['P', 'C', 'A']),
    )
    .executeTakeFirst();
}

export async function versionsOf(db: Kysely<Database>, contractId: number): Promise<VersionRow[]> {
  return db
    .selectFrom('contract_versions')
    .selectAll()
    .where('contract_id', '=', contractId)
    .orderBy('number')
    .execute();
}

/** The properties terms cover, as partners see them (every property of the hotel when all are covered). */
export async function coveredProperties(
  db: Kysely<Database>,
  hotelAccountId: number,
  terms: Terms,
): Promise<CoveredPropertyWire[]> {
  if (!terms.all_properties && !terms.properties.length) return [];
  return accountListings(db, hotelAccountId, terms.all_properties ? undefined : terms.properties);
}

/** The whole contract as one side sees it (GET api/partners/contract/view/{id}/). */
export async function contractView(services: Services, auth: AuthContext, row: ContractRow): Promise<ContractWire> {
  const db = services.db.kysely;
  const side = sideOf(auth);
  const now = services.clock.now().toISOString();
  const versions = await versionsOf(db, row.id);
  const latest = versions[versions.length - 1];
  const terms = latest ? parseTerms(services, latest.terms) : parseTerms(services, '{}');
  const partner = partnerOf(row, side);
  const [partnerInfo] = await partnerEntries(
    services,
    side,
    [partner],
    new Map([[partner, { id: row.id, status: row.status as ContractWire['status'] }]]),
  );
  const names = await companyNames(
    db,
    versions.map((v) => v.proposed_by_account),
  );
  return {
    id: row.id,
    status: row.status as ContractWire['status'],
    version: row.version,
    revision: row.rev,
    hotel: row.hotel_account_id,
    operator: row.operator_account_id,
    author: row.author_account_id,
    turn: row.turn_account_id,
    in_force: inForce(row, now),
    accepted_at: row.accepted_at,
    ends_at: row.ends_at,
    canceled_by: row.canceled_by,
    partner,
    partner_info: partnerInfo!,
    actions: auth.can('partner_connections') ? movesOpen(stateOf(row, now), side.accountId) : [],
    ...terms,
    covered_properties: await coveredProperties(db, row.hotel_account_id, terms),
    accepted: row.accepted_terms && inForce(row, now) ? parseTerms(services, row.accepted_terms) : null,
    accepted_version: row.accepted_version,
    versions: versions.map((v) => ({
      number: v.number,
      kind: v.kind,
      status: v.status as ContractWire['status'],
      proposed_by: v.proposed_by_account,
      proposed_by_name: v.proposed_by_name,
      proposed_by_company: names.get(v.proposed_by_account) ?? '',
      created_at: v.created_at,
      terms: parseTerms(services, v.terms),
      changes: JSON.parse(v.changes) as ContractWire['versions'][number]['changes'],
      outcome: v.outcome,
      decided_at: v.decided_at,
    })),
    date_created: row.created_at,
    date_update: row.updated_at,
  };
}

/** List items (POST api/partners/my-contracts/) for rows of the caller's contracts, in their order. */
export async function contractSummaries(
  services: Services,
  side: Side,
  rows: ContractRow[],
): Promise<ContractSummaryWire[]> {
  if (!rows.length) return [];
  const db = services.db.kysely;
  const now = services.clock.now().toISOString();
  const latest = await db
    .selectFrom('contract_versions as v')
    .innerJoin('contracts as c', (j) => j.onRef('c.id', '=', 'v.contract_id').onRef('c.version', '=', 'v.number'))
    .select(['v.contract_id', 'v.terms'])
    .where(
      'v.contract_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const termsOf = new Map(latest.map((v) => [v.contract_id, parseTerms(services, v.terms)]));
  const partners = [...new Set(rows.map((r) => partnerOf(r, side)))];
  const statuses = new Map(
    rows.map((r) => [partnerOf(r, side), { id: r.id, status: r.status as ContractSummaryWire['status'] }]),
  );
  const entries = new Map((await partnerEntries(services, side, partners, statuses)).map((e) => [e.id, e]));
  const chosen = [
    ...new Set(rows.flatMap((r) => (termsOf.get(r.id)?.all_properties ? [] : (termsOf.get(r.id)?.properties ?? [])))),
  ];
  const properties = await listingsByIds(db, chosen);
  return rows.map((r) => {
    const terms = termsOf.get(r.id);
    const partner = partnerOf(r, side);
    const ids = new Set(terms && !terms.all_properties ? terms.properties : []);
    return {
      id: r.id,
      status: r.status as ContractSummaryWire['status'],
      version: r.version,
      hotel: r.hotel_account_id,
      operator: r.operator_account_id,
      author: r.author_account_id,
      turn: r.turn_account_id,
      in_force: inForce(r, now),
      ends_at: r.ends_at,
      partner,
      partner_info: {
        ...entries.get(partner)!,
        contract_status: { id: r.id, status: r.status as ContractSummaryWire['status'] },
      },
      all_properties: terms?.all_properties ?? true,
      covered_properties: properties
        .filter((p) => ids.has(p.id) && p.account_id === r.hotel_account_id)
        .map(({ account_id: _a, ...p }) => p),
      date_created: r.created_at,
      date_update: r.updated_at,
    };
  });
}
