/**
 * The contract routes' step-up is declared in routes.json by the body's status (`stepUp.unless`),
 * while the move a call makes also depends on the contract's state. Checked here over every state,
 * side, asked status and change: a call the declaration lets through without a fresh proof can
 * only save a draft or reject (nothing that binds the account or lets the partner bind it), so no
 * binding move can slip past the router. Pure: lifecycle.ts and the bundle, no database.
 */
import { describe, expect, it } from 'vitest';
import bundle from '../../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { RouteDef, SchemaBundle } from '../../../src/shared/bundle-types.js';
import { CONTRACT_STATUSES } from '../../../src/shared/generated/value-lists.js';
import {
  decideEdit,
  decideVersion,
  type ContractState,
  type MoveKind,
} from '../../../src/server/features/partners/lifecycle.js';
import { needsStepUp } from '../../../src/server/routing/step-up-rule.js';

const route = (operationId: string): RouteDef =>
  (bundle as unknown as SchemaBundle).routes.find((r) => r.operationId === operationId)!;

/** What a stale session may do to a contract: keep its own draft, or say no. */
const WITHOUT_PROOF: ReadonlySet<MoveKind> = new Set(['save', 'reject']);

const ME = 1;
const PARTNER = 2;
const asked = [undefined, null, ...CONTRACT_STATUSES.map((s) => s.value)];

function* states(): Generator<ContractState> {
  for (const { value: status } of CONTRACT_STATUSES)
    for (const author of [ME, PARTNER])
      for (const turn of [ME, PARTNER, null])
        for (const accepted of [false, true]) yield { status, author, turn, accepted };
}

describe('contract moves and the step-up declaration', () => {
  it('every move an edit makes without a fresh proof is a draft save or a rejection', () => {
    const contractEdit = route('contractEdit');
    const escaped: string[] = [];
    let guardedMoves = 0;
    for (const state of states())
      for (const status of asked)
        for (const changed of [false, true]) {
          const decision = decideEdit(state, ME, status, changed);
          if (!('move' in decision)) continue;
          if (needsStepUp(contractEdit, { status })) guardedMoves++;
          else if (!WITHOUT_PROOF.has(decision.move))
            escaped.push(`${JSON.stringify(state)} status ${status} changed ${changed}: ${decision.move}`);
        }
    expect(escaped).toEqual([]);
    expect(guardedMoves).toBeGreaterThan(0);
  });

  it('every new version (a counter-proposal or an amendment) needs a fresh proof', () => {
    const contractVersion = route('contractVersion');
    for (const state of states())
      for (const status of asked)
        for (const changed of [false, true]) {
          const decision = decideVersion(state, ME, status, changed);
          if ('move' in decision) expect(needsStepUp(contractVersion, { status })).toBe(true);
        }
  });

  it('a proposal sent at once needs a fresh proof, a draft does not', () => {
    const contractCreate = route('contractCreate');
    expect(needsStepUp(contractCreate, { partner: 9 })).toBe(true);
    expect(needsStepUp(contractCreate, { partner: 9, status: 'P' })).toBe(true);
    expect(needsStepUp(contractCreate, { partner: 9, status: null })).toBe(true);
    expect(needsStepUp(contractCreate, { partner: 9, status: 'D' })).toBe(false);
  });
});

describe('needsStepUp', () => {
  const rule = (unless: Record<string, (string | number | boolean | null)[]>) => ({ stepUp: { unless } });
  it('guards every call of `true`, none without stepUp', () => {
    expect(needsStepUp({ stepUp: true }, undefined)).toBe(true);
    expect(needsStepUp({}, { status: 'A' })).toBe(false);
  });
  it('exempts a body only when every field named has one of its values; a missing field reads as null', () => {
    expect(needsStepUp(rule({ status: ['D', 'R'] }), { status: 'R' })).toBe(false);
    expect(needsStepUp(rule({ status: ['D', 'R'] }), { status: 'A' })).toBe(true);
    expect(needsStepUp(rule({ status: ['D', 'R'] }), {})).toBe(true);
    expect(needsStepUp(rule({ status: ['D', 'R'] }), [{ status: 'D' }])).toBe(true);
    expect(needsStepUp(rule({ manager: [null] }), {})).toBe(false);
    expect(needsStepUp(rule({ manager: [null] }), { manager: 4 })).toBe(true);
    expect(needsStepUp(rule({ a: [1], b: [true] }), { a: 1 })).toBe(true);
    expect(needsStepUp(rule({ a: [1], b: [true] }), { a: 1, b: true })).toBe(false);
  });
});
