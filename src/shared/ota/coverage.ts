import type { JsonSchema, OptionList, OtaMapping, OtaSectionMapping } from '../bundle-types.js';
import { asCodes, fieldCodes, type OtaCode } from './codes.js';
import { mappableFields, routeOf, routeWithOptions, type Route } from './mapping.js';
import { listPlace, OTA_EXISTS_PLACES, OTA_INCLUDED_PLACES, OTA_SLOT_PLACES } from './places.js';

/**
 * What becomes of every fact field in the OTA hotel content, from the declarations alone
 * (ota-mapping.json, x-ota / x-ota-none on fields, ota / otaNone / otaIncluded on option values):
 * where its value lands (a code or value attribute, or text) and, without a code, why. The
 * coverage report (docs/ota-coverage.md, written by codegen), the structured share and the test
 * that every yes/no fact and option value has a code or a reason all read this one model; the
 * builder writes the attributes it names (src/shared/ota/places.ts).
 */

export type FieldNature = 'flag' | 'choice' | 'list' | 'number' | 'text';

export interface CoveredValue {
  value: string;
  label: string;
  codes: OtaCode[];
  /** A charges value: included in the rate (true) or charged (false). */
  included?: boolean;
  /** Its own reason, else its list's, when it has no code. */
  none?: string;
  offered: boolean;
}

export interface CoveredField {
  section: string;
  path: string;
  title: string;
  nature: FieldNature;
  /** Where the mapping sends it; undefined when not sent. */
  route?: Route;
  /** The field's own codes (x-ota). */
  codes: OtaCode[];
  /** x-ota-none. */
  none?: string;
  /** The option list of a choice or list, and its values. */
  options?: string;
  values?: CoveredValue[];
  /** The OTA attributes its value lands in (empty: text only, or not sent). */
  places: string[];
  /** Share of its (offered) values that land in an attribute: 1 or 0 for a field without values. */
  weight: number;
  /**
   * Counted from another section's fields (x-derived: the accessibility section's room counts,
   * from the room types): reported, but left out of the shares, as its facts are the room
   * types' own and are counted there.
   */
  derived?: true;
}

const isObject = (v: unknown): v is JsonSchema => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The schema of a (possibly nested) field. */
export function schemaAt(schema: JsonSchema, path: string): JsonSchema | undefined {
  let node: unknown = schema;
  for (const part of path.split('.'))
    node = isObject(node) ? (node.properties as JsonSchema | undefined)?.[part] : undefined;
  return isObject(node) ? node : undefined;
}

const typesOf = (node: JsonSchema): string[] => {
  const t = node.type;
  return t === undefined ? [] : Array.isArray(t) ? (t as string[]) : [t as string];
};

export function natureOf(node: JsonSchema | undefined): FieldNature {
  if (!node) return 'text';
  const items = isObject(node.items) ? node.items : undefined;
  if (items?.['x-options']) return 'list';
  if (node['x-options']) return 'choice';
  const types = typesOf(node);
  if (types.includes('boolean')) return 'flag';
  if (types.includes('number') || types.includes('integer')) return 'number';
  return 'text';
}

/** The option list of a choice or a list field. */
export const optionsOf = (node: JsonSchema | undefined): string | undefined =>
  (node?.['x-options'] as string | undefined) ??
  ((isObject(node?.items) ? node.items['x-options'] : undefined) as string | undefined);

const unique = (xs: string[]): string[] => [...new Set(xs)];

/** Slots filled by their values' codes. */
const CODE_SLOTS: ReadonlySet<string> = new Set(['chargeUnit', 'chargeFrequency']);

/** The attributes a value's meaning fills under a route. */
function valuePlaces(route: Route, v: Pick<CoveredValue, 'codes' | 'included'>): string[] {
  const to = route.to;
  const places = CODE_SLOTS.has(route.slot)
    ? v.codes.length
      ? [OTA_SLOT_PLACES[`${to}/${route.slot}`]!]
      : []
    : v.codes.map((c) => listPlace(to, c.list)).filter((p): p is string => !!p);
  const included = OTA_INCLUDED_PLACES[to];
  if (v.included !== undefined && included) places.push(included);
  return places;
}

/** One section's fields (a section schema with its $refs resolved). */
export function coverSection(
  key: string,
  schema: JsonSchema,
  mapping: OtaSectionMapping | undefined,
  options: readonly OptionList[],
  optionSlots?: Record<string, string>,
): CoveredField[] {
  const lists = new Map(options.map((l) => [l.category, l]));
  const fields = mappableFields(schema);
  const byPath = new Map(fields.map((f) => [f.path, f]));
  return fields.map((f) => {
    const node = schemaAt(schema, f.path);
    const nature = natureOf(node);
    const owner = f.partOf ? byPath.get(f.partOf) : undefined;
    // A unit or range end travels with the field it belongs to, unless the mapping names it.
    const category = optionsOf(node);
    const route = routeWithOptions(
      optionSlots,
      (owner && !mapping?.fields?.[f.path] ? routeOf(mapping, owner.path, owner.group) : undefined) ??
        routeOf(mapping, f.path, f.group),
      category,
    );
    const codes = fieldCodes(node);
    const none = node?.['x-ota-none'] as string | undefined;
    const list = category ? lists.get(category) : undefined;
    const values: CoveredValue[] | undefined = list?.options.map((o) => ({
      value: String(o.value),
      label: o.label.en,
      codes: asCodes(o.ota),
      ...(o.otaIncluded !== undefined ? { included: o.otaIncluded } : {}),
      ...((o.otaNone ?? list.otaNone) ? { none: o.otaNone ?? list.otaNone } : {}),
      offered: o.offered !== false,
    }));
    const places: string[] = [];
    let weight = 0;
    if (route) {
      // A slot that takes the values' codes (a charge's unit or frequency) lands only for coded values.
      const slot = CODE_SLOTS.has(route.slot) ? undefined : OTA_SLOT_PLACES[`${route.to}/${route.slot}`];
      if (slot) places.push(slot);
      const own = codes.map((c) => listPlace(route.to, c.list)).filter((p): p is string => !!p);
      places.push(...own);
      if (own.length && nature === 'flag' && OTA_EXISTS_PLACES[route.to]) places.push(OTA_EXISTS_PLACES[route.to]!);
      if (values) {
        const offered = values.filter((v) => v.offered);
        const placed = offered.filter((v) => valuePlaces(route, v).length);
        places.push(...offered.flatMap((v) => valuePlaces(route, v)));
        weight = slot || own.length ? 1 : offered.length ? placed.length / offered.length : 0;
      } else weight = places.length ? 1 : 0;
    }
    return {
      section: key,
      path: f.path,
      title: String(node?.title ?? f.path),
      nature,
      ...(route ? { route } : {}),
      codes,
      ...(none ? { none } : {}),
      ...(category ? { options: category } : {}),
      ...(values ? { values } : {}),
      places: unique(places),
      weight,
      ...(node?.['x-derived'] ? { derived: true as const } : {}),
    };
  });
}

export interface Coverage {
  fields: CoveredField[];
  /** Fields whose value lands in an OTA attribute for at least one of its values, of all fields. */
  structured: number;
  /** The same, each field counted by the share of its values that land in an attribute. */
  weighted: number;
  total: number;
  /** Sections OpenTravel has no vocabulary for (ota-mapping noVocabulary): their fields, left out of the figures above. */
  apart: { section: string; why: string; fields: number }[];
}

/** Every fact section (resolved schemas, by section key) against the mapping. */
export function coverage(
  sections: readonly { key: string; schema: JsonSchema }[],
  mapping: OtaMapping,
  options: readonly OptionList[],
): Coverage {
  const fields = sections.flatMap((s) =>
    coverSection(s.key, s.schema, mapping.sections[s.key], options, mapping.optionSlots),
  );
  const why = (f: CoveredField) => mapping.sections[f.section]?.noVocabulary;
  // Derived facts are the room types' own, counted there; sections OpenTravel has no words for are
  // listed apart: neither is a share OpenTravel could carry.
  const counted = fields.filter((f) => !f.derived && !why(f));
  const apart = sections
    .filter((s) => mapping.sections[s.key]?.noVocabulary)
    .map((s) => ({
      section: s.key,
      why: mapping.sections[s.key]!.noVocabulary!,
      fields: fields.filter((f) => f.section === s.key).length,
    }));
  return {
    fields,
    structured: counted.filter((f) => f.places.length).length,
    weighted: counted.reduce((n, f) => n + f.weight, 0),
    total: counted.length,
    apart,
  };
}

/**
 * What a fact field and an option value must declare (the test of issue 36 §1 and the report):
 * a yes/no fact a code or a reason; every value of a list a fact field uses a code, a
 * charges meaning or a reason (its own or its list's).
 */
export function undeclared(fields: readonly CoveredField[]): string[] {
  const out: string[] = [];
  for (const f of fields) {
    if (f.nature === 'flag' && !f.codes.length && !f.none) out.push(`${f.section}.${f.path}: x-ota or x-ota-none`);
  }
  const seen = new Set<string>();
  for (const f of fields) {
    if (!f.options || seen.has(f.options)) continue;
    seen.add(f.options);
    for (const v of f.values ?? [])
      if (!v.codes.length && v.included === undefined && !v.none)
        out.push(`options/${f.options}.json "${v.value}": ota, otaIncluded or otaNone`);
  }
  return out;
}
