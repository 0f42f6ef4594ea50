import type { Kysely } from 'kysely';
import type { ContractFormWire, ContractTermsWire } from '../../../shared/generated/wire-types.js';
import type { JsonSchema } from '../../../shared/bundle-types.js';
import { HOTEL_CAPS, type HotelCap } from '../../../shared/generated/value-lists.js';
import type { Database } from '../../db/tables.js';
import { ApiError } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import { diffDocuments, type Change } from '../audit/index.js';
import { findPreferences } from '../settings/index.js';
import { accountPropertyIds } from '../properties/index.js';

export type Terms = ContractTermsWire;

/** The form every proposal, counter-proposal and amendment is sent as. */
export const FORM_REF = 'partners/contract-form.schema.json';
/** The terms of one version, as answers carry them: its properties name the term fields. */
export const TERMS_REF = 'partners/contract-terms.schema.json';

/**
 * The term fields and the defaults, worked out once per resolved schema (the registry keeps one
 * object per schema): parseTerms runs for every contract a stop-sale month or a fact-sheet list
 * reads, and building both from the schemas each time was 3 % of the server's CPU there.
 */
interface TermsShape {
  fields: string[];
  defaults: Record<string, unknown>;
  /** Each field's JSON type, as the terms schema gives it (a nullable field's is a list). */
  types: Record<string, unknown>;
}

const shapes = new WeakMap<JsonSchema, TermsShape>();

function termsShape(services: Services): TermsShape {
  const terms = services.schemas.resolved(TERMS_REF);
  let shape = shapes.get(terms);
  if (!shape) {
    const own = (terms.properties ?? {}) as Record<string, JsonSchema>;
    const fields = Object.keys(own);
    const props = (services.schemas.resolved(FORM_REF).properties ?? {}) as Record<string, JsonSchema>;
    shape = {
      fields,
      defaults: Object.fromEntries(fields.map((f) => [f, props[f]?.default ?? null])),
      types: Object.fromEntries(fields.map((f) => [f, own[f]?.type])),
    };
    shapes.set(terms, shape);
  }
  return shape;
}

/** The terms that are one value (not a list): what the database can keep as a column of its own. */
export type ScalarTerm = {
  [K in keyof Terms]-?: Terms[K] extends string | number | boolean | null | undefined ? K : never;
}[keyof Terms];

/**
 * A term as the database keeps it apart from the stored terms (a generated column, as
 * contracts.accepted_ss_deadline): PostgreSQL answers text, SQLite a number for a number, both null for
 * a field the stored terms predate, which stands for its default as in parseTerms (a scalar term
 * is never stored as null unless null is its default).
 */
export function storedTerm<K extends ScalarTerm>(services: Services, field: K, raw: unknown): Terms[K] {
  const { defaults, types } = termsShape(services);
  if (raw === null || raw === undefined) return defaults[field] as Terms[K];
  const type = types[field];
  if (type === 'integer' || type === 'number') return Number(raw) as Terms[K];
  return String(raw) as Terms[K];
}

/** The term fields, in their schema order: a field added to the schemas needs no code here. */
export function termFields(services: Services): string[] {
  return [...termsShape(services).fields];
}

/** The terms a new proposal starts from: every field at the form's default. */
export function defaultTerms(services: Services): Terms {
  return { ...termsShape(services).defaults } as unknown as Terms;
}

/** Stored terms (a version's JSON) with every field present, in schema order. */
export function parseTerms(services: Services, json: string): Terms {
  const stored = JSON.parse(json) as Record<string, unknown>;
  const { fields, defaults } = termsShape(services);
  const terms: Record<string, unknown> = {};
  for (const f of fields) terms[f] = f in stored ? stored[f] : defaults[f];
  return terms as unknown as Terms;
}

/**
 * The terms a request asks for: those sent replace the base's, the others stay; dependents of
 * switched-off fields are emptied as the form does (no moderation when the operator may not edit
 * facts, no list when every property is covered); the list is kept sorted.
 */
export function mergeTerms(services: Services, base: Terms, body: ContractFormWire): Terms {
  const sent = body as Record<string, unknown>;
  const merged = Object.fromEntries(
    termFields(services).map((f) => [
      f,
      sent[f] !== undefined ? sent[f] : (base as unknown as Record<string, unknown>)[f],
    ]),
  ) as unknown as Terms;
  const cleared = services.schemas.clearHidden(FORM_REF, merged);
  return { ...cleared, properties: [...new Set(cleared.properties ?? [])].sort((a, b) => a - b) };
}

/** Whether the request carries a term that differs from the base. */
export function changesTerms(services: Services, base: Terms, body: ContractFormWire): boolean {
  return !sameTerms(base, mergeTerms(services, base, body));
}

export function sameTerms(a: Terms, b: Terms): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Field-level changes from one version's terms to the next, labelled with the form's titles. */
export function diffTerms(services: Services, before: Terms | Record<string, never>, after: Terms): Change[] {
  return diffDocuments(services.schemas.resolved(FORM_REF), before, after);
}

/** Some properties, or every one: 400 for an empty choice. Pure: the pre-checks ask it too (prechecks.ts). */
export function checkChoice(terms: Pick<Terms, 'all_properties' | 'properties'>): void {
  if (!terms.all_properties && !terms.properties.length)
    throw new ApiError(400, { properties: ['Choose at least one property, or cover every property of the hotel.'] });
}

/** The hotel's properties a list names; 400 naming those that are not its own, or an empty choice. */
export async function checkCoverage(
  db: Kysely<Database>,
  hotelAccountId: number,
  terms: Terms,
  hotelName: string,
): Promise<void> {
  if (terms.all_properties) return;
  checkChoice(terms);
  const ids = terms.properties.filter((id) => id <= 2_147_483_647);
  const known = await accountPropertyIds(db, hotelAccountId, ids);
  const unknown = terms.properties.filter((id) => !known.has(id));
  if (unknown.length) {
    throw new ApiError(400, {
      properties: [
        `${unknown.length === 1 ? `Property ${unknown[0]} is` : `Properties ${unknown.join(', ')} are`} not among ${hotelName}'s properties.`,
      ],
    });
  }
}

/**
 * The hotel's caps on what partners may do (the terms marked x-hotel-cap in contract-terms.schema.json),
 * chosen per contract by the hotel alone (when it proposes, counters, amends or accepts); the
 * operator sees them and cannot change them.
 */
type Cap = HotelCap;

/** A new contract's caps: the hotel's preferences (partner_override_facts, overriding_moderation) when it has them. */
export async function capDefaults(db: Kysely<Database>, hotelAccountId: number): Promise<Pick<Terms, Cap>> {
  const row = await findPreferences(db, hotelAccountId);
  const stored = (row ? JSON.parse(row.data) : {}) as {
    partner_override_facts?: unknown;
    overriding_moderation?: unknown;
  };
  const moderation = stored.overriding_moderation;
  return {
    hotel_allows_overrides: stored.partner_override_facts !== false,
    hotel_moderation_cap:
      typeof moderation === 'string' && moderation ? (moderation as Terms['hotel_moderation_cap']) : null,
  };
}

/** An operator's request that would change a cap: 400 naming it (only the hotel sets its caps). */
export function refuseOperatorCaps(base: Terms, body: ContractFormWire, hotelName: string): void {
  const sent = body as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  for (const cap of HOTEL_CAPS) {
    if (sent[cap] !== undefined && sent[cap] !== base[cap])
      errors[cap] = [`${hotelName} sets this cap of the contract; ask ${hotelName} to change it.`];
  }
  if (Object.keys(errors).length) throw new ApiError(400, errors);
}

/** Whether two versions of the terms differ in the hotel's caps alone. */
export function onlyCapsDiffer(a: Terms, b: Terms): boolean {
  if (sameTerms(a, b)) return false;
  const strip = (t: Terms) => ({ ...t, ...Object.fromEntries(HOTEL_CAPS.map((cap) => [cap, null])) });
  return sameTerms(strip(a) as unknown as Terms, strip(b) as unknown as Terms);
}
