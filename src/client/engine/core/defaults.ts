import type { ClientSchema } from '../../../shared/section-types';
import type { Doc } from './form-store';

function isObject(v: unknown): v is Doc {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * `doc` with the schema's defaults where a value is absent (spec 001 §3: absent lists become
 * empty lists; §9: fitness-centre size 0). Nested objects are filled the same way. Values that
 * are present, null included, are kept as they are.
 */
export function withDefaults(schema: ClientSchema, doc: Doc): Doc {
  const out: Doc = { ...doc };
  for (const [name, sub] of Object.entries(schema.properties ?? {})) {
    const value = out[name];
    if (value === undefined && sub.default !== undefined) out[name] = structuredClone(sub.default);
    if (sub.properties && (out[name] === undefined || isObject(out[name])))
      out[name] = withDefaults(sub, (out[name] ?? {}) as Doc);
  }
  return out;
}
