import { FIELD_RULES } from '../src/shared/field-rules.js';
import { isObject, type JsonSchema } from './model.js';
import { rewrite } from './walk.js';

/** Keywords that only state rules (not shape); types are about shape. */
const RULE_KEYWORDS = ['if', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'not'];

function onlyRules(s: unknown): boolean {
  return isObject(s) && Object.keys(s).every((x) => RULE_KEYWORDS.includes(x) || x === 'required' || x === 'allOf');
}

/**
 * The shape-only form of a schema for json-schema-to-typescript: no x- keywords (it would turn
 * them into numbered duplicate types), no nested titles (each would become a named type), no
 * rule-only keywords. Nested titles become descriptions so the field label survives as JSDoc.
 */
export function shapeOnly(node: unknown): unknown {
  return rewrite(node, (n, isRoot) => {
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(n)) {
      if (
        k.startsWith('x-') ||
        RULE_KEYWORDS.includes(k) ||
        k === '$defs' ||
        k === '$comment' ||
        k === '$id' ||
        k === '$schema'
      )
        continue;
      if (k === 'title' && !isRoot) continue;
      if (k === 'allOf' && Array.isArray(v) && v.every(onlyRules)) continue;
      out[k] = v;
    }
    if (!isRoot && typeof n.title === 'string' && out.description === undefined) out.description = n.title;
    return out;
  });
}

/**
 * Without annotations: what a validator needs and nothing more (smaller precompiled code). The
 * rules between fields (`x-rules`) are not annotations: they validate.
 */
export function withoutAnnotations(node: unknown): unknown {
  return rewrite(node, (n) => {
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(n)) {
      if (k === FIELD_RULES) {
        out[k] = v;
        continue;
      }
      if (k.startsWith('x-') || k === 'title' || k === 'description' || k === '$comment' || k === 'examples') continue;
      out[k] = v;
    }
    return out;
  });
}
