import type { JsonSchema, OptionList } from '../../../../shared/bundle-types.js';
import type { SchemaNode } from '../../../../shared/fact-sheet/index.js';
import { fieldCodes, valueMeaning } from '../../../../shared/ota/codes.js';
import type { Fact } from './fact.js';
import { companionsOf, dependsOn, leads } from './schema-facts.js';

/** The schema of a (possibly nested: parent.child) field. */
export function schemaAt(schema: JsonSchema, path: string): SchemaNode | undefined {
  let node: JsonSchema | undefined = schema;
  for (const part of path.split('.')) node = (node?.properties as Record<string, JsonSchema> | undefined)?.[part];
  return node as SchemaNode | undefined;
}

/** The stored value of a (possibly nested) field. */
export function valueAt(doc: Record<string, unknown>, path: string): unknown {
  let v: unknown = doc;
  for (const part of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}

/**
 * What a field says to OTA besides its text: its codes (its own, or its choice's value's), a
 * charges value's included-in-rate, the flags it is a detail of, its range's end and its unit's codes.
 */
export function meaningOf(
  options: readonly OptionList[],
  schema: JsonSchema,
  doc: Record<string, unknown>,
  path: string,
  raw: unknown,
  section: string,
): Pick<Fact, 'section' | 'codes' | 'included' | 'dependsOn' | 'leads' | 'end' | 'unitCodes'> {
  const fieldSchema = schemaAt(schema, path);
  const category = fieldSchema?.['x-options'];
  const value = category && !Array.isArray(raw) ? valueMeaning(options, category, raw) : undefined;
  const own = fieldCodes(fieldSchema as JsonSchema | undefined);
  const companions = companionsOf(schema).get(path);
  const unitCategory = companions?.unit ? schemaAt(schema, companions.unit)?.['x-options'] : undefined;
  const depends = dependsOn(schema, path);
  return {
    section,
    codes: own.length ? own : (value?.codes ?? []),
    ...(value?.included !== undefined ? { included: value.included } : {}),
    ...(depends.length ? { dependsOn: depends } : {}),
    ...(leads(schema, path) ? { leads: true as const } : {}),
    ...(companions?.end ? { end: valueAt(doc, companions.end) } : {}),
    ...(companions?.unit && unitCategory
      ? { unitCodes: valueMeaning(options, unitCategory, valueAt(doc, companions.unit)).codes }
      : {}),
  };
}
