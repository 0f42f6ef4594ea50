/** How the request reader turns text into the scalar a schema asks for: DRF's words for booleans and null, decimal digits for numbers. */

const TRUE_WORDS = new Set(['true', 'True', 'TRUE', 't', 'T', 'yes', 'Yes', 'YES', 'y', 'Y', 'on', 'On', 'ON', '1']);
const FALSE_WORDS = new Set([
  'false',
  'False',
  'FALSE',
  'f',
  'F',
  'no',
  'No',
  'NO',
  'n',
  'N',
  'off',
  'Off',
  'OFF',
  '0',
]);
export const NULL_WORDS = new Set(['null', 'Null', 'NULL']);
// Only (optionally signed) decimal digits: "1.0", "1e0" or "0x1" are not how anyone writes a whole number on purpose.
const INTEGER_TEXT = /^\s*[+-]?\d+\s*$/;
const NUMBER_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/** A scalar in the type the schema asks for, where the conversion is unambiguous; otherwise as it is. */
export function coerce(types: ReadonlySet<string>, v: unknown): unknown {
  if (typeof v === 'string') {
    if (types.has('string')) return v;
    if (types.has('integer') && INTEGER_TEXT.test(v)) return Number.parseInt(v.trim(), 10);
    if (types.has('number') && NUMBER_TEXT.test(v)) return Number(v.trim());
    if (types.has('boolean')) {
      if (TRUE_WORDS.has(v.trim())) return true;
      if (FALSE_WORDS.has(v.trim())) return false;
    }
    return v;
  }
  if (typeof v === 'number') {
    if (types.has('number') || types.has('integer')) return v;
    if (types.has('boolean') && (v === 1 || v === 0)) return v === 1;
    if (types.has('string') && Number.isFinite(v)) return String(v);
  }
  return v;
}
