import type { JsonSchema, OptionList } from '../bundle-types.js';
import { fieldCodes, valueMeaning, type OtaCode } from './codes.js';
import { mappableFields } from './mapping.js';
import { optionsOf, schemaAt } from './coverage.js';

/** A code beside a stored value: the option value it belongs to, null for the code of the field's own meaning. */
export interface ValueCode extends OtaCode {
  value: string | number | null;
}

const valueAt = (doc: Record<string, unknown>, path: string): unknown => {
  let v: unknown = doc;
  for (const part of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return v;
};

/**
 * The OpenTravel codes of one stored section document (or list row), by field path (a nested
 * field as parent.child): a field's own codes (x-ota) while it has a value, a choice's value's
 * codes and each listed value's codes, each with the value it belongs to. Fields without a code
 * for what is stored are left out. What the partner API's JSON carries beside the facts, so a
 * consumer reads the same codes as the OTA document without a mapping of its own.
 */
export function documentCodes(
  schema: JsonSchema,
  doc: Record<string, unknown>,
  options: readonly OptionList[],
): Record<string, ValueCode[]> {
  const out: Record<string, ValueCode[]> = {};
  for (const { path } of mappableFields(schema)) {
    const raw = valueAt(doc, path);
    if (raw === null || raw === undefined || raw === '' || (Array.isArray(raw) && !raw.length)) continue;
    const node = schemaAt(schema, path);
    const category = optionsOf(node);
    const codes: ValueCode[] = fieldCodes(node).map((c) => ({ ...c, value: null }));
    if (category)
      for (const value of Array.isArray(raw) ? raw : [raw])
        if (typeof value === 'string' || typeof value === 'number')
          codes.push(...valueMeaning(options, category, value).codes.map((c) => ({ ...c, value })));
    if (codes.length) out[path] = codes.map((c) => ({ list: c.list, code: c.code, value: c.value }));
  }
  return out;
}
