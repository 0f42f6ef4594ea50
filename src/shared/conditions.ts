/**
 * Evaluates the JSON Schema conditions used by `x-ui.visibleIf` without ajv, so the browser
 * needs no schema compiler. Codegen rejects conditions outside this subset. One deliberate
 * difference from JSON Schema: an absent property counts as null, so `{properties: {flag:
 * {const: true}}}` is false until the flag is set (authors need not repeat `required`).
 */
export type Condition = boolean | ConditionObject;

export interface ConditionObject {
  const?: unknown;
  enum?: readonly unknown[];
  not?: Condition;
  anyOf?: readonly Condition[];
  allOf?: readonly Condition[];
  properties?: Readonly<Record<string, Condition>>;
  required?: readonly string[];
  contains?: Condition;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  minLength?: number;
}

export const CONDITION_KEYWORDS: ReadonlySet<string> = new Set([
  'const',
  'enum',
  'not',
  'anyOf',
  'allOf',
  'properties',
  'required',
  'contains',
  'minimum',
  'exclusiveMinimum',
  'minItems',
  'minLength',
]);

export function holds(condition: Condition | undefined, value: unknown): boolean {
  if (condition === undefined || condition === true) return true;
  if (condition === false) return false;
  const c = condition;
  if ('const' in c && !sameValue(value, c.const)) return false;
  if (c.enum && !c.enum.some((v) => sameValue(value, v))) return false;
  if (c.not !== undefined && holds(c.not, value)) return false;
  if (c.anyOf && !c.anyOf.some((s) => holds(s, value))) return false;
  if (c.allOf && !c.allOf.every((s) => holds(s, value))) return false;
  if (c.minimum !== undefined && !(typeof value === 'number' && value >= c.minimum)) return false;
  if (c.exclusiveMinimum !== undefined && !(typeof value === 'number' && value > c.exclusiveMinimum)) return false;
  if (c.minItems !== undefined && !(Array.isArray(value) && value.length >= c.minItems)) return false;
  if (c.minLength !== undefined && !(typeof value === 'string' && value.length >= c.minLength)) return false;
  if (c.contains !== undefined && !(Array.isArray(value) && value.some((v) => holds(c.contains, v)))) return false;
  if (c.properties || c.required) {
    const obj =
      value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    for (const key of c.required ?? []) if (obj[key] === undefined || obj[key] === null) return false;
    for (const [key, sub] of Object.entries(c.properties ?? {})) {
      if (!holds(sub, obj[key] ?? null)) return false;
    }
  }
  return true;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Every property name a condition reads at its top level (what a field depends on). */
export function conditionInputs(condition: Condition | undefined, into = new Set<string>()): Set<string> {
  if (!condition || condition === true) return into;
  for (const key of Object.keys(condition.properties ?? {})) into.add(key);
  for (const key of condition.required ?? []) into.add(key);
  for (const sub of [...(condition.anyOf ?? []), ...(condition.allOf ?? [])]) conditionInputs(sub, into);
  if (condition.not) conditionInputs(condition.not, into);
  return into;
}
