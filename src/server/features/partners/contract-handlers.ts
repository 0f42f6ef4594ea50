import type { ContractFormWire } from '../../../shared/generated/wire-types.js';
import { ApiError, conflict } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import { caller, created, noContent, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { actorOf } from '../audit/record.js';
import { displayName } from '../photos/store.js';
import { contractView, inForce, partnerOf, sideOf, stateOf, versionsOf, visibleContract, type ContractRow, type Side } from './contracts.js';
import { decideEdit, decideVersion, statusWords, type ContractStatus, type Decision, type MoveKind } from './lifecycle.js';
import { auditBoth, makeMove, staleMove } from './moves.js';
import { companyName, findPartnerAccount, otherType, pairOf } from './partners.js';
import { tellPartner } from './tell.js';
import { capDefaults, checkCoverage, defaultTerms, diffTerms, mergeTerms, onlyCapsDiffer, parseTerms, refuseOperatorCaps, sameTerms, type Terms } from './terms.js';
import { requireStepUp } from '../auth/index.js';

/** Moves that commit the account (accepting, countering, amending, cancelling) ask for a fresh proof. */
const STEP_UP_MOVES: ReadonlySet<MoveKind> = new Set(['accept', 'counter', 'amend', 'cancel']);

/** A unique index said no: another live contract (or draft) of the pair exists. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function refused(d: Extract<Decision, { refuse: unknown }>, status: string): ApiError {
  return new ApiError(d.refuse, d.refuse === 409 ? { detail: d.detail, status } : { non_field_errors: [d.detail] });
}

/** The terms a request changes: those of the latest version, or the terms in force when amending an accepted contract. */
function baseTerms(services: Services, row: ContractRow, latest: Terms): Terms {
  return row.status === 'A' && row.accepted_terms ? parseTerms(services, row.accepted_terms) : latest;
}

/** The other side's live contract (or the caller's own draft) that a new one would clash with. */
async function clashing(services: Services, side: Side, pair: { hotel: number; operator: number }, draft: boolean) {
  return services.db.kysely
    .selectFrom('contracts')
    .select(['id', 'status'])
    .where('hotel_account_id', '=', pair.hotel)
    .where('operator_account_id', '=', pair.operator)
    .where((eb) => (draft ? eb.or([eb('status', 'in', ['P', 'C', 'A']), eb.and([eb('status', '=', 'D'), eb('author_account_id', '=', side.accountId)])]) : eb('status', 'in', ['P', 'C', 'A'])))
    .executeTakeFirst();
}

function clashAnswer(found: { id: number; status: string }, partnerName: string): ApiError {
  const detail =
    found.status === 'D'
      ? `You have a draft contract for ${partnerName} already: change it or send it.`
      : `You have a contract with ${partnerName} already (${statusWords(found.status as ContractStatus)}): amend or cancel it instead of starting another.`;
  return conflict(detail, { id: found.id, status: found.status });
}

/** Contracts: propose, view, act on (edit), delete a draft, propose a new version. */
export function contractHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;

  async function view(auth: AuthContext, id: number) {
    return contractView(services, auth, await visibleContract(db, sideOf(auth), id));
  }

  /** Checks shared by edit and version: same partner, the version the sender saw, the coverage of new terms. */
  async function prepare(auth: AuthContext, id: number, body: ContractFormWire) {
    const side = sideOf(auth);
    const row = await visibleContract(db, side, id);
    if (body.partner !== undefined && body.partner !== partnerOf(row, side)) throw new ApiError(400, { partner: ['A contract stays with its partner.'] });
    if (body.version !== undefined && body.version !== row.version) {
      throw conflict(`Version ${row.version} of this contract came after the version ${body.version} you saw: reload it first.`, { status: row.status, version: row.version });
    }
    if (body.revision !== undefined && body.revision !== row.rev) {
      throw conflict(`The contract moved on since you loaded it: it is ${statusWords(row.status as ContractStatus)} now. Reload it first.`, { status: row.status, version: row.version });
    }
    const versions = await versionsOf(db, row.id);
    const latest = parseTerms(services, versions[versions.length - 1]!.terms);
    const base = baseTerms(services, row, latest);
    if (side.type === 'to') refuseOperatorCaps(base, body, await companyName(db, row.hotel_account_id));
    const next = mergeTerms(services, base, body);
    // The hotel accepting may set its caps as it accepts: that is an acceptance, not a counter-proposal.
    const capsOnAccept = side.type !== 'to' && body.status === 'A' && onlyCapsDiffer(base, next);
    return { side, row, latest, base, next, changed: !sameTerms(base, next) && !capsOnAccept, capsOnAccept };
  }

  async function act(auth: AuthContext, ip: string, row: ContractRow, decision: Decision, base: Terms, next: Terms, capsOnAccept = false): Promise<MoveKind> {
    if ('refuse' in decision) throw refused(decision, row.status);
    const { move } = decision;
    // Answering binds the account: a fresh proof of who uses the session first (issue 29 §3).
    if (STEP_UP_MOVES.has(move)) await requireStepUp(services, auth);
    if (move === 'save' || move === 'send' || move === 'counter' || move === 'amend') {
      await checkCoverage(db, row.hotel_account_id, next, await companyName(db, row.hotel_account_id));
    }
    const terms = move === 'accept' ? (capsOnAccept ? next : undefined) : move === 'send' && sameTerms(base, next) ? undefined : next;
    try {
      await makeMove(services, auth, ip, row, move, { base, terms });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const side = sideOf(auth);
      const found = await clashing(services, side, pairOf(side, partnerOf(row, side)), false);
      throw found ? clashAnswer(found, await companyName(db, partnerOf(row, side))) : await staleMove(services, row.id);
    }
    return move;
  }

  return {
    async contractView(ctx) {
      return ok(await view(caller(ctx), ctx.params.id));
    },

    async contractCreate(ctx) {
      const auth = caller(ctx);
      const side = sideOf(auth);
      const body = ctx.body;
      if (body.partner === undefined) throw new ApiError(400, { partner: ['This field is required.'] });
      const status = body.status ?? 'P';
      if (status !== 'D' && status !== 'P') throw new ApiError(400, { status: ['A new contract is a draft (D) or a proposal sent at once (P).'] });
      const partnerType = otherType(side.type);
      const account = await findPartnerAccount(db, body.partner, partnerType);
      if (!account) throw new ApiError(400, { partner: [partnerType === 'to' ? 'Choose a tour operator listed in the partner directory.' : 'Choose an accommodation listed in the partner directory.'] });
      const pair = pairOf(side, account.id);
      const partnerName = await companyName(db, account.id);
      // A new contract's caps start from the hotel's preferences; only the hotel may choose others.
      const start = { ...defaultTerms(services), ...(await capDefaults(db, pair.hotel)) };
      if (side.type === 'to') refuseOperatorCaps(start, body, await companyName(db, pair.hotel));
      const terms = mergeTerms(services, start, body);
      await checkCoverage(db, pair.hotel, terms, await companyName(db, pair.hotel));
      const existing = await clashing(services, side, pair, status === 'D');
      if (existing) throw clashAnswer(existing, partnerName);
      const now = services.clock.now().toISOString();
      const myName = await companyName(db, side.accountId);
      const proposer = (await displayName(db, auth.user.id)) ?? auth.user.email;
      const sent = status === 'P';
      let id: number;
      try {
        id = await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('contracts')
            .values({
              hotel_account_id: pair.hotel,
              operator_account_id: pair.operator,
              author_account_id: side.accountId,
              status,
              turn_account_id: sent ? account.id : null,
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
              status,
              terms: JSON.stringify(terms),
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
          await auditBoth(services, trx, actorOf(auth, ctx.ip), account.id, row.id, {
            mine: sent ? `Sent a contract proposal to ${partnerName}` : `Drafted a contract for ${partnerName}`,
            theirs: sent ? `${myName} proposed a contract` : undefined,
            changes: diffTerms(services, {}, terms),
          });
          if (sent) {
            await tellPartner(services, trx, {
              accountId: account.id,
              contractId: row.id,
              kind: 'request',
              message: `${myName} proposed a contract`,
              subject: `${myName} proposed a contract on Ananas`,
              body: `${myName} proposed a contract to you. Accept it, reject it or send a counter-proposal.`,
            });
          }
          return row.id;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const found = await clashing(services, side, pair, status === 'D');
        throw found ? clashAnswer(found, partnerName) : conflict('Another contract with this partner was created meanwhile: reload and try again.');
      }
      return created(await view(auth, id));
    },

    async contractEdit(ctx) {
      const auth = caller(ctx);
      const { row, base, next, changed, capsOnAccept } = await prepare(auth, ctx.params.id, ctx.body);
      const decision = decideEdit(stateOf(row, services.clock.now().toISOString()), auth.accountId, ctx.body.status, changed);
      await act(auth, ctx.ip, row, decision, base, next, capsOnAccept);
      return ok(await view(auth, row.id));
    },

    async contractVersion(ctx) {
      const auth = caller(ctx);
      const { row, base, next, changed } = await prepare(auth, ctx.params.id, ctx.body);
      const decision = decideVersion(stateOf(row, services.clock.now().toISOString()), auth.accountId, ctx.body.status, changed);
      const move = await act(auth, ctx.ip, row, decision, base, next);
      const contract = await view(auth, row.id);
      const partner = await companyName(db, contract.partner);
      const detail =
        move === 'amend'
          ? `Version ${contract.version} was sent to ${partner} as an amendment; the terms accepted before stay in force until ${partner} accepts it.`
          : `Version ${contract.version} was sent to ${partner} as a counter-proposal.`;
      return created({ detail, contract });
    },

    async contractDelete(ctx) {
      const auth = caller(ctx);
      const side = sideOf(auth);
      const row = await visibleContract(db, side, ctx.params.id);
      if (row.status !== 'D') {
        const now = services.clock.now().toISOString();
        throw conflict(`Only drafts may be deleted; this contract is ${statusWords(row.status as ContractStatus)}${inForce(row, now) ? ': cancel it instead' : ''}.`, { status: row.status });
      }
      const partnerName = await companyName(db, partnerOf(row, side));
      const deleted = await db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('contracts').where('id', '=', row.id).where('rev', '=', row.rev).where('status', '=', 'D').executeTakeFirst();
        if (Number(result.numDeletedRows) !== 1) return false;
        await auditBoth(services, trx, actorOf(auth, ctx.ip), partnerOf(row, side), row.id, { mine: `Deleted the draft contract for ${partnerName}` });
        return true;
      });
      if (!deleted) throw await staleMove(services, row.id);
      return noContent();
    },
  };
}
