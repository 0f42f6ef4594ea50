import type { Insertable, Kysely } from 'kysely';
import type { ContractVersionsTable, Database } from '../../db/tables.js';
import { conflict } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit, type Actor } from '../audit/index.js';
import type { Change } from '../audit/index.js';
import { displayName } from '../auth/index.js';
import { partnerOf, sideOf, versionsOf, type ContractRow } from './contracts.js';
import { statusWords, type ContractStatus, type MoveKind } from './lifecycle.js';
import { companyName, companyNames } from './partners.js';
import { proposalNews, tellPartner } from './tell.js';
import { diffTerms, parseTerms, type Terms } from './terms.js';
import { plan } from './move-plans.js';
import { existingPropertyIds } from '../properties/index.js';

/** The one answer to a move that lost a race, or came from a stale screen: 409 with the status now. */
export async function staleMove(services: Services, id: number): Promise<Error> {
  const now = await services.db.kysely
    .selectFrom('contracts')
    .select(['status', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!now) return conflict('The contract was deleted meanwhile.', { status: null });
  return conflict(
    `The contract changed meanwhile: it is now ${statusWords(now.status as ContractStatus)} (version ${now.version}). Reload it and try again.`,
    {
      status: now.status,
      version: now.version,
    },
  );
}

export interface MoveRequest {
  /** The terms a save, counter or amendment proposes (a send may carry the draft's last terms). */
  terms?: Terms;
  /** What they are compared with: the latest version's terms, or the terms in force for an amendment. */
  base?: Terms;
}

/**
 * Make a move on a contract the caller sees, after the lifecycle allowed it: written only if the
 * contract is still as it was read (its revision in the UPDATE's WHERE), with its version rows,
 * coverage, an audit entry in both accounts and the partner's notice, in one transaction.
 * A move that lost a race answers 409 with the status now.
 */
export async function makeMove(
  services: Services,
  auth: AuthContext,
  ip: string,
  row: ContractRow,
  move: MoveKind,
  request: MoveRequest = {},
): Promise<void> {
  const db = services.db.kysely;
  const side = sideOf(auth);
  const partner = partnerOf(row, side);
  const versions = await versionsOf(db, row.id);
  const latest = versions[versions.length - 1]!;
  const latestTerms = parseTerms(services, latest.terms);
  const known = await companyNames(db, [side.accountId, partner]);
  const names = { me: known.get(side.accountId) ?? '', partner: known.get(partner) ?? '' };
  const now = services.clock.now();
  const p = plan({
    move,
    row,
    side,
    partner,
    latestTerms,
    base: request.base ?? latestTerms,
    next: request.terms,
    names,
    now,
    diff: (a, b) => diffTerms(services, a, b),
  });
  const proposer = (await displayName(db, auth.user.id)) ?? auth.user.email;
  const ok = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('contracts')
      .set({ ...p.set, rev: row.rev + 1, updated_by: auth.user.id })
      .where('id', '=', row.id)
      .where('rev', '=', row.rev)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    if (p.latest) await trx.updateTable('contract_versions').set(p.latest).where('id', '=', latest.id).execute();
    if (p.newVersion) {
      const values: Insertable<ContractVersionsTable> = {
        contract_id: row.id,
        number: row.version + 1,
        kind: p.newVersion.kind,
        status: p.newVersion.status,
        terms: JSON.stringify(p.newVersion.terms),
        changes: JSON.stringify(p.newVersion.changes),
        proposed_by_account: side.accountId,
        proposed_by_user: auth.user.id,
        proposed_by_name: proposer,
        created_at: now.toISOString(),
        outcome: null,
        decided_at: null,
        decided_by_account: null,
      };
      await trx.insertInto('contract_versions').values(values).execute();
    }
    if (p.coverage) await writeCoverage(trx, row.id, p.coverage);
    if (p.endOthers) await endOthers(trx, row, now.toISOString());
    await auditBoth(services, trx, actorOf(auth, ip), partner, row.id, p);
    // The partner hears of the move exactly when it is written (bell, queued mail, live badge).
    if (p.news) await tellPartner(services, trx, { accountId: partner, contractId: row.id, ...p.news });
    return true;
  });
  if (!ok) throw await staleMove(services, row.id);
}

/** The covered properties of the accepted terms (none listed when they cover all). */
export async function writeCoverage(trx: Kysely<Database>, contractId: number, terms: Terms): Promise<void> {
  await trx.deleteFrom('contract_properties').where('contract_id', '=', contractId).execute();
  if (!terms.all_properties && terms.properties.length) {
    const ids = await existingPropertyIds(trx, terms.properties);
    if (ids.length)
      await trx
        .insertInto('contract_properties')
        .values(ids.map((id) => ({ contract_id: contractId, property_id: id })))
        .execute();
  }
}

/** A pair has one contract in force: the one just accepted ends any other still in its notice period. */
async function endOthers(trx: Kysely<Database>, row: ContractRow, now: string): Promise<void> {
  await trx
    .updateTable('contracts')
    .set({ ends_at: now, updated_at: now })
    .where('hotel_account_id', '=', row.hotel_account_id)
    .where('operator_account_id', '=', row.operator_account_id)
    .where('id', '!=', row.id)
    .where('accepted_version', 'is not', null)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .execute();
}

/** The move in the mover's audit trail and, unless it is private (a draft), in the partner's. */
export async function auditBoth(
  services: Services,
  trx: Kysely<Database>,
  actor: Actor,
  partner: number,
  contractId: number,
  p: { mine: string; theirs?: string; changes?: Change[] },
): Promise<void> {
  const event = {
    kind: 'contracts' as const,
    action: 'update',
    subject: 'contract',
    subjectId: contractId,
    changes: p.changes ?? [],
  };
  await recordAudit(services, actor, { ...event, summary: p.mine }, trx);
  if (p.theirs) await recordAudit(services, { ...actor, accountId: partner }, { ...event, summary: p.theirs }, trx);
}

export interface NewContract {
  pair: { hotel: number; operator: number };
  /** The partner's account: the other side of the pair. */
  partner: number;
  partnerName: string;
  /** A draft (D) or a proposal sent at once (P). */
  status: 'D' | 'P';
  terms: Terms;
}

/**
 * Write a new contract with its first version, an audit entry in the author's account (and the
 * partner's when sent) and the partner's notice, in one transaction. Answers its id; a unique
 * index refusing the pair's second live contract throws as the database said.
 */
export async function createContract(
  services: Services,
  auth: AuthContext,
  ip: string,
  c: NewContract,
): Promise<number> {
  const db = services.db.kysely;
  const side = sideOf(auth);
  const now = services.clock.now().toISOString();
  const myName = await companyName(db, side.accountId);
  const proposer = (await displayName(db, auth.user.id)) ?? auth.user.email;
  const sent = c.status === 'P';
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('contracts')
      .values({
        hotel_account_id: c.pair.hotel,
        operator_account_id: c.pair.operator,
        author_account_id: side.accountId,
        status: c.status,
        turn_account_id: sent ? c.partner : null,
        version: 1,
        rev: 1,
        accepted_version: null,
        accepted_terms: null,
        covers_all: false,
        accepted_at: null,
        ends_at: null,
        canceled_by: null,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
        updated_by: auth.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('contract_versions')
      .values({
        contract_id: row.id,
        number: 1,
        kind: 'proposal',
        status: c.status,
        terms: JSON.stringify(c.terms),
        changes: '[]',
        proposed_by_account: side.accountId,
        proposed_by_user: auth.user.id,
        proposed_by_name: proposer,
        created_at: now,
        outcome: null,
        decided_at: null,
        decided_by_account: null,
      })
      .execute();
    await auditBoth(services, trx, actorOf(auth, ip), c.partner, row.id, {
      mine: sent ? `Sent a contract proposal to ${c.partnerName}` : `Drafted a contract for ${c.partnerName}`,
      theirs: sent ? `${myName} proposed a contract` : undefined,
      changes: diffTerms(services, {}, c.terms),
    });
    if (sent) {
      await tellPartner(services, trx, { accountId: c.partner, contractId: row.id, ...proposalNews(myName) });
    }
    return row.id;
  });
}

/** Delete a draft still as it was read, with the author's audit entry; false when it changed or went meanwhile. */
export async function deleteDraft(
  services: Services,
  auth: AuthContext,
  ip: string,
  row: ContractRow,
  partnerName: string,
): Promise<boolean> {
  const partner = partnerOf(row, sideOf(auth));
  return services.db.kysely.transaction().execute(async (trx) => {
    const result = await trx
      .deleteFrom('contracts')
      .where('id', '=', row.id)
      .where('rev', '=', row.rev)
      .where('status', '=', 'D')
      .executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) return false;
    await auditBoth(services, trx, actorOf(auth, ip), partner, row.id, {
      mine: `Deleted the draft contract for ${partnerName}`,
    });
    return true;
  });
}
