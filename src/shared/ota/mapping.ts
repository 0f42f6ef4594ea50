import type { JsonSchema, OtaEntry, OtaSectionMapping, OtaTarget } from '../bundle-types.js';

/** Slots that take the fact as printed; the others take its stored value. */
export const TEXT_SLOTS: ReadonlySet<string> = new Set(['text', 'amenity']);

/** One mapping entry with its defaults filled in. */
export interface Route {
  to: OtaTarget;
  slot: string;
  key?: string;
  /** What it sends is included in the room rate (a service entry's `included`). */
  included?: true;
}

const normal = (e: OtaEntry): Route =>
  typeof e === 'string'
    ? { to: e, slot: 'text' }
    : { to: e.to, slot: e.slot ?? 'text', ...(e.key ? { key: e.key } : {}), ...(e.included ? { included: true } : {}) };

/** The parent object of a nested field (`tax.tax_applicable` -> `tax`), or undefined. */
const parentOf = (path: string): string | undefined =>
  path.includes('.') ? path.slice(0, path.indexOf('.')) : undefined;

/**
 * Where a field goes (schemas/ota-mapping.json): its own entry, else its parent object's, else its
 * group's; undefined when it is unmapped (named so, or in no entry at all).
 */
export function routeOf(
  mapping: OtaSectionMapping | undefined,
  path: string,
  group: string | undefined,
): Route | undefined {
  if (!mapping) return undefined;
  const parent = parentOf(path);
  const unmapped = mapping.unmapped ?? [];
  if (unmapped.includes(path) || (parent !== undefined && unmapped.includes(parent))) return undefined;
  const own = mapping.fields?.[path] ?? (parent !== undefined ? mapping.fields?.[parent] : undefined);
  if (own) return normal(own);
  const byGroup = group ? mapping.groups?.[group] : undefined;
  return byGroup ? normal(byGroup) : undefined;
}

/**
 * A field's route with its option list's slot (ota-mapping.json optionSlots): a value of an
 * extra's frequency fills the Charge of the extra's element wherever the field goes.
 */
export function routeWithOptions(
  optionSlots: Record<string, string> | undefined,
  route: Route | undefined,
  category: string | undefined,
): Route | undefined {
  const slot = category ? optionSlots?.[category] : undefined;
  return route && slot && route.slot === 'text' ? { ...route, slot } : route;
}

/** A section's fields as the mapping names them: path (parent.child for nested objects) and group (a nested field has its parent's). */
export interface MappableField {
  path: string;
  group: string | undefined;
  /** A unit or a range's end: it travels in the text of the field it belongs to. */
  partOf?: string;
}

type Ui = { group?: string; widget?: string; unitOf?: string; rangeOf?: string };

/** Every field of a section (or photo) schema a mapping must account for: storage keys (hidden) left out. */
export function mappableFields(schema: JsonSchema): MappableField[] {
  const out: MappableField[] = [];
  const walk = (props: Record<string, JsonSchema>, prefix: string, inherited: string | undefined) => {
    for (const [name, prop] of Object.entries(props)) {
      const ui = (prop['x-ui'] ?? {}) as Ui;
      if (ui.widget === 'hidden') continue;
      const group = ui.group ?? inherited;
      const path = prefix + name;
      const nested = prop.properties as Record<string, JsonSchema> | undefined;
      if (nested && !prop['x-options']) {
        walk(nested, `${path}.`, group);
        continue;
      }
      const partOf = ui.unitOf ?? ui.rangeOf;
      out.push({ path, group, ...(partOf ? { partOf: prefix + partOf } : {}) });
    }
  };
  walk((schema.properties ?? {}) as Record<string, JsonSchema>, '', undefined);
  return out;
}

/**
 * Fields the mapping does not account for: neither routed nor named as unmapped (a unit or range
 * end counts with the field it belongs to). What ota-mapping.test.ts requires to be empty.
 */
export function unaccounted(schema: JsonSchema, mapping: OtaSectionMapping | undefined): string[] {
  const fields = mappableFields(schema);
  const named = new Set(mapping?.unmapped ?? []);
  const accounted = (f: MappableField): boolean => {
    const parent = parentOf(f.path);
    return (
      named.has(f.path) ||
      (parent !== undefined && named.has(parent)) ||
      routeOf(mapping, f.path, f.group) !== undefined
    );
  };
  const byPath = new Map(fields.map((f) => [f.path, f]));
  return fields
    .filter((f) => {
      const owner = f.partOf ? byPath.get(f.partOf) : undefined;
      return !accounted(owner ?? f);
    })
    .map((f) => f.path);
}

const NO_MAPPING: OtaSectionMapping = {};
const valueFieldCache = new WeakMap<JsonSchema, WeakMap<OtaSectionMapping, { field: MappableField; route: Route }[]>>();

/**
 * The fields of a schema that fill value slots, with their routes (read once per schema and
 * mapping: a hotel's rooms share both). A unit or range end travels in the text of its field,
 * unless the mapping names it for a slot of its own; a hidden field (a photo's id) when named.
 */
export function valueFields(
  schema: JsonSchema,
  mapping: OtaSectionMapping | undefined,
): { field: MappableField; route: Route }[] {
  const bySchema = valueFieldCache.get(schema) ?? valueFieldCache.set(schema, new WeakMap()).get(schema)!;
  const cached = bySchema.get(mapping ?? NO_MAPPING);
  if (cached) return cached;
  const fields = mappableFields(schema);
  const known = new Set(fields.map((f) => f.path));
  for (const path of Object.keys(mapping?.fields ?? {})) if (!known.has(path)) fields.push({ path, group: undefined });
  const out: { field: MappableField; route: Route }[] = [];
  for (const field of fields) {
    const route = routeOf(mapping, field.path, field.group);
    if (!route || TEXT_SLOTS.has(route.slot)) continue;
    if (field.partOf && !mapping?.fields?.[field.path]) continue;
    out.push({ field, route });
  }
  bySchema.set(mapping ?? NO_MAPPING, out);
  return out;
}

const rowCache = new WeakMap<JsonSchema, Map<string, string[]>>();

/** The fields of the dense-table row `first` leads (x-ui.row), in schema order. */
export function rowMembers(schema: JsonSchema, first: string): string[] {
  let rows = rowCache.get(schema);
  if (!rows) {
    rows = new Map();
    for (const [name, prop] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      const row = (prop['x-ui'] as { row?: string } | undefined)?.row;
      if (row) rows.set(row, [...(rows.get(row) ?? []), name]);
    }
    rowCache.set(schema, rows);
  }
  const row = (
    (schema.properties as Record<string, JsonSchema> | undefined)?.[first]?.['x-ui'] as { row?: string } | undefined
  )?.row;
  return row ? (rows.get(row) ?? []) : [];
}
