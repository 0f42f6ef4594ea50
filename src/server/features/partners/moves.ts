import type { Insertable, Kysely, Updateable } from 'kysely';
import type { ContractsTable, ContractVersionsTable, Database } from '../../db/tables.js';
import { conflict } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit, type Actor } from '../audit/index.js';
import type { Change } from '../audit/index.js';
import { displayName } from '../auth/index.js';
import { partnerOf, sideOf, versionsOf, type ContractRow, type Side } from './contracts.js';
import { statusWords, type ContractStatus, type MoveKind } from './lifecycle.js';
import { companyName, companyNames } from './partners.js';
import { proposalNews, tellPartner, type MoveNews } from './tell.js';
import { diffTerms, parseTerms, type Terms } from './terms.js';
import { existingPropertyIds } from '../properties/index.js';
import { t } from '../../i18n/index.js';
import { formatDate } from '../../../shared/i18n/format.js';

const DAY_MS = 86_400_000;

/** What one move writes: the contract's new columns, a new version or a version's fate, coverage. */
interface Plan {
  set: Updateable<ContractsTable>;
  newVersion?: { kind: 'counter' | 'amendment'; status: ContractStatus; terms: Terms; changes: Change[] };
  /** The latest version's outcome (accepted, rejected...) or, for a draft, its new terms. */
  latest?: Updateable<ContractVersionsTable>;
  /** Rewrite the covered properties from these accepted terms. */
  coverage?: Terms;
  /** End, now, another contract of the pair still in its notice period (a new one takes over). */
  endOthers?: boolean;
  /** Audit summaries: for the mover's account, and for the partner's (none: a draft is private). */
  mine: string;
  theirs?: string;
  changes?: Change[];
  news?: MoveNews;
}

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

/** Who the partner sees acting: the mover's company. */
interface Names {
  me: string;
  partner: string;
}

type Diff = (before: Terms, after: Terms) => Change[];

/** What a move writes and says; `base` is what a new version is compared with (the terms in force for an amendment). */
function plan(
  move: MoveKind,
  row: ContractRow,
  side: Side,
  partner: number,
  latestTerms: Terms,
  base: Terms,
  next: Terms | undefined,
  names: Names,
  now: Date,
  diff: Diff,
): Plan {
  const iso = now.toISOString();
  const amendment = row.accepted_version !== null;
  // What the partner's news names: the mover's company, the version, an amendment or the contract itself.
  const values = { company: names.me, version: row.version, amendment: amendment ? 'yes' : 'no' };
  const stamp = { updated_at: iso };
  switch (move) {
    case 'save':
      return {
        set: stamp,
        latest: { terms: JSON.stringify(next) },
        mine: `Edited the draft contract for ${names.partner}`,
        changes: diff(latestTerms, next!),
      };
    case 'send':
      return {
        set: { ...stamp, status: 'P', turn_account_id: partner },
        latest: { status: 'P', created_at: iso, ...(next ? { terms: JSON.stringify(next) } : {}) },
        changes: next ? diff(latestTerms, next) : [],
        mine: `Sent a contract proposal to ${names.partner}`,
        theirs: `${names.me} proposed a contract`,
        news: proposalNews(names.me),
      };
    case 'accept': {
      // `next`: the hotel set its caps as it accepted (the version keeps them as accepted).
      const accepted = next ?? latestTerms;
      return {
        set: {
          ...stamp,
          status: 'A',
          turn_account_id: null,
          accepted_version: row.version,
          accepted_terms: JSON.stringify(accepted),
          covers_all: accepted.all_properties,
          accepted_at: iso,
          ends_at: null,
          canceled_by: null,
        },
        latest: {
          outcome: 'accepted',
          decided_at: iso,
          decided_by_account: side.accountId,
          ...(next ? { terms: JSON.stringify(next) } : {}),
        },
        coverage: accepted,
        changes: next ? diff(latestTerms, next) : undefined,
        endOthers: true,
        mine: `Accepted ${amendment ? 'the amendment of the contract' : 'the contract'} with ${names.partner} (version ${row.version})`,
        theirs: `${names.me} accepted ${amendment ? 'the amendment' : 'the contract'} (version ${row.version})`,
        news: {
          kind: 'change',
          message: (lang) => t(lang, 'notification.partnership_change.accepted.message', values),
          subject: (lang) => t(lang, 'notification.partnership_change.accepted.subject', values),
          body: (lang) => t(lang, 'notification.partnership_change.accepted.body', values),
        },
      };
    }
    case 'reject':
      return {
        set: amendment
          ? { ...stamp, status: 'A', turn_account_id: null }
          : { ...stamp, status: 'R', turn_account_id: null },
        latest: { outcome: 'rejected', decided_at: iso, decided_by_account: side.accountId },
        mine: `Rejected ${amendment ? 'the amendment' : 'the proposal'} of ${names.partner} (version ${row.version})`,
        theirs: `${names.me} rejected ${amendment ? 'the amendment' : 'the proposal'} (version ${row.version})`,
        news: {
          kind: 'change',
          message: (lang) => t(lang, 'notification.partnership_change.rejected.message', values),
          subject: (lang) => t(lang, 'notification.partnership_change.rejected.subject', values),
          body: (lang) => t(lang, 'notification.partnership_change.rejected.body', values),
        },
      };
    case 'counter':
    case 'amend': {
      const counter = move === 'counter';
      const number = row.version + 1;
      const changes = diff(base, next!);
      // The news names the version it proposes.
      const proposed = { ...values, version: number };
      return {
        changes,
        set: { ...stamp, status: counter ? 'C' : 'P', turn_account_id: partner, version: number },
        newVersion: { kind: counter ? 'counter' : 'amendment', status: counter ? 'C' : 'P', terms: next!, changes },
        latest: counter ? { outcome: 'countered', decided_at: iso, decided_by_account: side.accountId } : undefined,
        mine: counter
          ? `Sent a counter-proposal to ${names.partner} (version ${number})`
          : `Proposed an amendment to ${names.partner} (version ${number})`,
        theirs: counter
          ? `${names.me} sent a counter-proposal (version ${number})`
          : `${names.me} proposed an amendment (version ${number})`,
        news: counter
          ? {
              kind: 'change',
              message: (lang) => t(lang, 'notification.partnership_change.countered.message', proposed),
              subject: (lang) => t(lang, 'notification.partnership_change.countered.subject', proposed),
              body: (lang) => t(lang, 'notification.partnership_change.countered.body', proposed),
            }
          : {
              kind: 'change',
              message: (lang) => t(lang, 'notification.partnership_change.amended.message', proposed),
              subject: (lang) => t(lang, 'notification.partnership_change.amended.subject', proposed),
              body: (lang) => t(lang, 'notification.partnership_change.amended.body', proposed),
            },
      };
    }
    case 'withdraw':
      return {
        set: amendment
          ? { ...stamp, status: 'A', turn_account_id: null }
          : { ...stamp, status: 'X', turn_account_id: null, canceled_by: side.accountId, ends_at: iso },
        latest: { outcome: 'withdrawn', decided_at: iso, decided_by_account: side.accountId },
        mine: `Withdrew ${amendment ? 'the amendment' : 'the proposal'} to ${names.partner} (version ${row.version})`,
        theirs: `${names.me} withdrew ${amendment ? 'its amendment' : 'its proposal'} (version ${row.version})`,
        news: {
          kind: 'change',
          message: (lang) => t(lang, 'notification.partnership_change.withdrawn.message', values),
          subject: (lang) => t(lang, 'notification.partnership_change.withdrawn.subject', values),
          body: (lang) => t(lang, 'notification.partnership_change.withdrawn.body', values),
        },
      };
    case 'cancel': {
      const accepted = row.accepted_terms ? (JSON.parse(row.accepted_terms) as Partial<Terms>) : {};
      const days = accepted.notice_period ?? 0;
      const ends = new Date(now.getTime() + days * DAY_MS).toISOString();
      const pending = row.status === 'P' || row.status === 'C';
      const when = days ? `it stays in force until ${ends.slice(0, 10)} (${days} days' notice)` : 'it ends now';
      return {
        set: { ...stamp, status: 'X', turn_account_id: null, canceled_by: side.accountId, ends_at: ends },
        latest: pending ? { outcome: 'canceled', decided_at: iso, decided_by_account: side.accountId } : undefined,
        mine: `Cancelled the contract with ${names.partner}; ${when}`,
        theirs: `${names.me} cancelled the contract; ${when}`,
        news: {
          kind: 'change',
          message: (lang) => t(lang, 'notification.partnership_change.cancelled.message', { company: names.me }),
          subject: (lang) => t(lang, 'notification.partnership_change.cancelled.subject', { company: names.me }),
          body: (lang) =>
            t(lang, 'notification.partnership_change.cancelled.body', {
              company: names.me,
              days,
              date: formatDate(lang, ends),
            }),
        },
      };
    }
    case 'delete':
      throw new Error('delete is not a move of plan()');
  }
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
  const p = plan(
    move,
    row,
    side,
    partner,
    latestTerms,
    request.base ?? latestTerms,
    request.terms,
    names,
    now,
    (a, b) => diffTerms(services, a, b),
  );
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
