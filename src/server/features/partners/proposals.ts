import type { ContractFormWire, ContractWire } from '../../../shared/generated/wire-types.js';
import { ApiError, conflict } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import {
  clashingContract,
  contractView,
  inForce,
  partnerOf,
  sideOf,
  stateOf,
  versionsOf,
  visibleContract,
  type ContractRow,
} from './contracts.js';
import {
  decideEdit,
  decideVersion,
  statusWords,
  type ContractStatus,
  type Decision,
  type MoveKind,
} from './lifecycle.js';
import { checkNewContractForm } from './contract-form.js';
import { createContract, deleteDraft, makeMove, staleMove } from './moves.js';
import { companyName, findPartnerAccount, otherType, pairOf } from './partners.js';
import {
  capDefaults,
  checkCoverage,
  defaultTerms,
  mergeTerms,
  onlyCapsDiffer,
  parseTerms,
  refuseOperatorCaps,
  sameTerms,
  type Terms,
} from './terms.js';

/**
 * The contract use cases behind the handlers: propose, edit (a move), propose a new version,
 * delete a draft. Each checks the request against the contract as read, then asks moves.ts,
 * the writer of contracts, to write. A move that binds the account or lets the partner bind it
 * (send, accept, counter, amend, cancel, withdraw) needs a fresh proof: routes.json declares it
 * by the body's status (`stepUp.unless`), and the router asks before any of this runs.
 */

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

function clashAnswer(found: { id: number; status: string }, partnerName: string): ApiError {
  const detail =
    found.status === 'D'
      ? `You have a draft contract for ${partnerName} already: change it or send it.`
      : `You have a contract with ${partnerName} already (${statusWords(found.status as ContractStatus)}): amend or cancel it instead of starting another.`;
  return conflict(detail, { id: found.id, status: found.status });
}

/** A contract as the caller sees it (404 when it may not). */
export async function viewContract(services: Services, auth: AuthContext, id: number): Promise<ContractWire> {
  return contractView(services, auth, await visibleContract(services.db.kysely, sideOf(auth), id));
}

/** A new contract: a draft or a proposal sent at once, to a partner of the directory, not clashing with the pair's live one. */
export async function proposeContract(
  services: Services,
  auth: AuthContext,
  ip: string,
  body: ContractFormWire,
): Promise<ContractWire> {
  const db = services.db.kysely;
  const side = sideOf(auth);
  const { partner, status } = checkNewContractForm(services, body);
  const partnerType = otherType(side.type);
  const account = await findPartnerAccount(db, partner, partnerType);
  if (!account)
    throw new ApiError(400, {
      partner: [
        partnerType === 'to'
          ? 'Choose a tour operator listed in the partner directory.'
          : 'Choose an accommodation listed in the partner directory.',
      ],
    });
  const pair = pairOf(side, account.id);
  const partnerName = await companyName(db, account.id);
  // A new contract's caps start from the hotel's preferences; only the hotel may choose others.
  const start = { ...defaultTerms(services), ...(await capDefaults(db, pair.hotel)) };
  if (side.type === 'to') refuseOperatorCaps(start, body, await companyName(db, pair.hotel));
  const terms = mergeTerms(services, start, body);
  await checkCoverage(db, pair.hotel, terms, await companyName(db, pair.hotel));
  const existing = await clashingContract(db, side, pair, status === 'D');
  if (existing) throw clashAnswer(existing, partnerName);
  let id: number;
  try {
    id = await createContract(services, auth, ip, { pair, partner: account.id, partnerName, status, terms });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const found = await clashingContract(db, side, pair, status === 'D');
    throw found
      ? clashAnswer(found, partnerName)
      : conflict('Another contract with this partner was created meanwhile: reload and try again.');
  }
  return viewContract(services, auth, id);
}

/** Checks shared by edit and version: same partner, the version the sender saw, the coverage of new terms. */
async function prepare(services: Services, auth: AuthContext, id: number, body: ContractFormWire) {
  const db = services.db.kysely;
  const side = sideOf(auth);
  const row = await visibleContract(db, side, id);
  if (body.partner !== undefined && body.partner !== partnerOf(row, side))
    throw new ApiError(400, { partner: ['A contract stays with its partner.'] });
  if (body.version !== undefined && body.version !== row.version) {
    throw conflict(
      `Version ${row.version} of this contract came after the version ${body.version} you saw: reload it first.`,
      { status: row.status, version: row.version },
    );
  }
  if (body.revision !== undefined && body.revision !== row.rev) {
    throw conflict(
      `The contract moved on since you loaded it: it is ${statusWords(row.status as ContractStatus)} now. Reload it first.`,
      { status: row.status, version: row.version },
    );
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

async function act(
  services: Services,
  auth: AuthContext,
  ip: string,
  row: ContractRow,
  decision: Decision,
  base: Terms,
  next: Terms,
  capsOnAccept = false,
): Promise<MoveKind> {
  const db = services.db.kysely;
  if ('refuse' in decision) throw refused(decision, row.status);
  const { move } = decision;
  if (move === 'save' || move === 'send' || move === 'counter' || move === 'amend') {
    await checkCoverage(db, row.hotel_account_id, next, await companyName(db, row.hotel_account_id));
  }
  const terms =
    move === 'accept' ? (capsOnAccept ? next : undefined) : move === 'send' && sameTerms(base, next) ? undefined : next;
  try {
    await makeMove(services, auth, ip, row, move, { base, terms });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const side = sideOf(auth);
    const found = await clashingContract(db, side, pairOf(side, partnerOf(row, side)), false);
    throw found ? clashAnswer(found, await companyName(db, partnerOf(row, side))) : await staleMove(services, row.id);
  }
  return move;
}

/** A move on a contract (save, send, accept, reject, withdraw, cancel...) as the body's status asks. */
export async function editContract(
  services: Services,
  auth: AuthContext,
  ip: string,
  id: number,
  body: ContractFormWire,
): Promise<ContractWire> {
  const { row, base, next, changed, capsOnAccept } = await prepare(services, auth, id, body);
  const decision = decideEdit(stateOf(row, services.clock.now().toISOString()), auth.accountId, body.status, changed);
  await act(services, auth, ip, row, decision, base, next, capsOnAccept);
  return viewContract(services, auth, row.id);
}

/** A new version: a counter-proposal, or an amendment of an accepted contract. */
export async function proposeVersion(
  services: Services,
  auth: AuthContext,
  ip: string,
  id: number,
  body: ContractFormWire,
): Promise<{ detail: string; contract: ContractWire }> {
  const { row, base, next, changed } = await prepare(services, auth, id, body);
  const decision = decideVersion(
    stateOf(row, services.clock.now().toISOString()),
    auth.accountId,
    body.status,
    changed,
  );
  const move = await act(services, auth, ip, row, decision, base, next);
  const contract = await viewContract(services, auth, row.id);
  const partner = await companyName(services.db.kysely, contract.partner);
  const detail =
    move === 'amend'
      ? `Version ${contract.version} was sent to ${partner} as an amendment; the terms accepted before stay in force until ${partner} accepts it.`
      : `Version ${contract.version} was sent to ${partner} as a counter-proposal.`;
  return { detail, contract };
}

/** Delete a draft of the caller's; anything else answers 409 (cancel a contract in force instead). */
export async function deleteDraftContract(
  services: Services,
  auth: AuthContext,
  ip: string,
  id: number,
): Promise<void> {
  const db = services.db.kysely;
  const side = sideOf(auth);
  const row = await visibleContract(db, side, id);
  if (row.status !== 'D') {
    const now = services.clock.now().toISOString();
    throw conflict(
      `Only drafts may be deleted; this contract is ${statusWords(row.status as ContractStatus)}${inForce(row, now) ? ': cancel it instead' : ''}.`,
      { status: row.status },
    );
  }
  const partnerName = await companyName(db, partnerOf(row, side));
  if (!(await deleteDraft(services, auth, ip, row, partnerName))) throw await staleMove(services, row.id);
}
