import type { JsonSchema, OptionList } from '../bundle-types.js';

/**
 * OpenTravel codes as the schemas declare them (schemas/README.md, "OpenTravel codes"): on a fact
 * field `x-ota` (what a yes/no fact or a count means), on an option value `ota` (what the value
 * means) and `otaIncluded` (a charges value: included in the room rate or not). Read here, once,
 * by the OTA content, the partner API's JSON, the widget and the coverage report alike.
 */

/** One code of an OpenTravel code list (schemas/ota-codes/<list>.json). */
export interface OtaCode {
  list: string;
  code: number;
}

/** An annotation as a list of codes ([] when absent). */
export const asCodes = (v: unknown): OtaCode[] =>
  v === undefined || v === null ? [] : ((Array.isArray(v) ? v : [v]) as OtaCode[]);

/** A field's own codes (`x-ota`). */
export const fieldCodes = (schema: JsonSchema | undefined): OtaCode[] => asCodes(schema?.['x-ota']);

/** What one option value says to OTA: its codes, and whether it says included in the rate. */
export interface ValueMeaning {
  codes: OtaCode[];
  included?: boolean;
}

const meaningCache = new WeakMap<readonly OptionList[], Map<string, Map<string, ValueMeaning>>>();

/** The meanings of a list's values, by value (as text); undefined for a list that does not exist. */
export function listMeanings(options: readonly OptionList[], category: string): Map<string, ValueMeaning> | undefined {
  let byList = meaningCache.get(options);
  if (!byList) {
    byList = new Map();
    for (const list of options)
      byList.set(
        list.category,
        new Map(
          list.options.map((o) => [
            String(o.value),
            { codes: asCodes(o.ota), ...(o.otaIncluded !== undefined ? { included: o.otaIncluded } : {}) },
          ]),
        ),
      );
    meaningCache.set(options, byList);
  }
  return byList.get(category);
}

const NOTHING: ValueMeaning = { codes: [] };

/** What a stored value of a list means (nothing for a value the list does not have). */
export const valueMeaning = (options: readonly OptionList[], category: string, value: unknown): ValueMeaning =>
  listMeanings(options, category)?.get(String(value)) ?? NOTHING;

/** Codes of one list among several. */
export const ofList = (codes: readonly OtaCode[], list: string): OtaCode[] => codes.filter((c) => c.list === list);

/** Codes written the same way, for comparing and de-duplicating: "HAC 66". */
export const codeText = (c: OtaCode): string => `${c.list} ${c.code}`;
