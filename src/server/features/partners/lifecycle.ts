/**
 * The contract lifecycle as data: which moves each side may make in each state, and which move
 * a request asks for. Pure (no database): the handlers read the contract, ask here, then write
 * the move with the contract's revision in the UPDATE's WHERE (see moves.ts). docs/api-and-partners.md,
 * "Contract lifecycle", is this file as a table.
 */

import { CONTRACT_STATUSES, type ContractStatusCode } from '../../../shared/generated/value-lists.js';

/** D Draft, P Pending, C Changed (counter-proposal), R Rejected, X Canceled, A Accepted: option list contractStatus. */
export type ContractStatus = ContractStatusCode;

export type MoveKind = 'save' | 'send' | 'delete' | 'accept' | 'reject' | 'counter' | 'withdraw' | 'cancel' | 'amend';

export interface ContractState {
  status: ContractStatus;
  /** The account that started it (a draft belongs to it alone). */
  author: number;
  /** The account whose answer a pending (P, C) contract waits for. */
  turn: number | null;
  /** Accepted terms exist and are in force (also while an amendment is discussed). */
  accepted: boolean;
}

/** The moves open to one side (an account id) now. */
export function movesOpen(state: ContractState, side: number): MoveKind[] {
  switch (state.status) {
    case 'D':
      return side === state.author ? ['save', 'send', 'delete'] : [];
    case 'P':
    case 'C':
      if (state.turn === side)
        return state.accepted ? ['accept', 'reject', 'counter', 'cancel'] : ['accept', 'reject', 'counter'];
      return state.accepted ? ['withdraw', 'cancel'] : ['withdraw'];
    case 'A':
      return ['amend', 'cancel'];
    default:
      return [];
  }
}

export type Decision = { move: MoveKind } | { refuse: 400 | 409; detail: string };

/** How a sentence names a status: the `meaning.words` of option list contractStatus. */
const STATUS_WORDS = new Map<string, string>(CONTRACT_STATUSES.map((s) => [s.value, s.words]));
export const statusWords = (s: ContractStatus): string => STATUS_WORDS.get(s)!;

const conflict = (detail: string): Decision => ({ refuse: 409, detail });
const invalid = (detail: string): Decision => ({ refuse: 400, detail });

/**
 * The move an edit asks for: a status alone is an action (P send, A accept, R reject, X cancel or
 * withdraw); changed terms are a draft's new terms, a counter-proposal or an amendment. A move the
 * side may not make now is refused with 409 (400 when the request contradicts itself).
 */
export function decideEdit(
  state: ContractState,
  side: number,
  status: string | null | undefined,
  changed: boolean,
): Decision {
  const asked = status || undefined;
  const open = movesOpen(state, side);
  const now = `The contract is ${statusWords(state.status)}`;
  const allow = (move: MoveKind, otherwise: string): Decision => (open.includes(move) ? { move } : conflict(otherwise));
  switch (state.status) {
    case 'D':
      if (asked === 'P') return { move: 'send' };
      if (asked === undefined || asked === 'D')
        return changed ? { move: 'save' } : invalid('Nothing to do: change a term, or send the draft with status P.');
      return conflict(`${now}: send it (status P), change it or delete it.`);
    case 'P':
    case 'C': {
      const mine = state.turn === side;
      if (changed) {
        if (asked !== undefined && asked !== 'C' && asked !== 'P')
          return invalid(
            'Accepting, rejecting or cancelling takes the terms as they are; to change them, send a counter-proposal.',
          );
        return allow('counter', `${now} and waits on your partner's answer: you cannot change it now.`);
      }
      // The waiting side asking for A takes its amendment back: the accepted terms stay as they were.
      if (asked === 'A')
        return mine
          ? { move: 'accept' }
          : state.accepted
            ? { move: 'withdraw' }
            : conflict(`${now} and waits on your partner's answer.`);
      if (asked === 'R') return allow('reject', `${now} and waits on your partner's answer.`);
      if (asked === 'X')
        return state.accepted
          ? { move: 'cancel' }
          : allow('withdraw', `${now} and waits on your answer: accept it, reject it or send a counter-proposal.`);
      if (asked === 'C' || asked === 'P')
        return mine
          ? invalid('A counter-proposal changes at least one term.')
          : conflict(`${now} and waits on your partner's answer.`);
      return mine
        ? invalid('Nothing to do: accept (A), reject (R) or change a term.')
        : conflict(`${now} and waits on your partner's answer.`);
    }
    case 'A':
      if (changed) {
        if (asked === 'C')
          return conflict(`${now}: a counter-proposal answers a pending proposal; propose an amendment instead.`);
        return asked === undefined || asked === 'P'
          ? { move: 'amend' }
          : invalid('Cancelling takes the terms as they are; to change them, propose an amendment.');
      }
      if (asked === 'X') return { move: 'cancel' };
      return conflict(`${now}: cancel it (status X) or propose an amendment.`);
    default:
      return conflict(`${now}: it cannot change any more.`);
  }
}

/** A new version's status other than P, C or none: the request contradicts itself in any state. */
export const VERSION_STATUS = 'A new version is an amendment (status P) or a counter-proposal (status C).';
export const isVersionStatus = (status: string | null | undefined): boolean =>
  !status || status === 'P' || status === 'C';

/**
 * The move a new version asks for (contractVersion): an amendment of an accepted contract, or a
 * counter-proposal in turn. A status says which one is meant (P an amendment, C a counter): a
 * version meant for another state than the one found answers 409, never the other move.
 */
export function decideVersion(
  state: ContractState,
  side: number,
  status: string | null | undefined,
  changed: boolean,
): Decision {
  const open = movesOpen(state, side);
  const now = `The contract is ${statusWords(state.status)}`;
  if (state.status === 'D') return conflict(`${now}: change the draft itself, or send it.`);
  const move: MoveKind | undefined = open.includes('amend')
    ? 'amend'
    : open.includes('counter')
      ? 'counter'
      : undefined;
  if (!move)
    return conflict(
      state.status === 'P' || state.status === 'C'
        ? `${now} and waits on your partner's answer.`
        : `${now}: it cannot change any more.`,
    );
  const meant = status === 'P' ? 'amend' : status === 'C' ? 'counter' : status ? 'other' : undefined;
  if (meant === 'other') return invalid(VERSION_STATUS);
  if (meant && meant !== move)
    return conflict(
      move === 'amend'
        ? `${now}: propose an amendment instead.`
        : `${now} and waits on your answer to a new version: counter it instead.`,
    );
  return changed ? { move } : invalid('The new version changes nothing: change at least one term.');
}

/** Moves that tell the other side something (all but a draft's own). */
export const TOLD: ReadonlySet<MoveKind> = new Set([
  'send',
  'accept',
  'reject',
  'counter',
  'withdraw',
  'cancel',
  'amend',
]);
