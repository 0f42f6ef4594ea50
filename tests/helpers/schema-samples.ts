import { holds, type Condition } from '../../src/shared/conditions.js';
import { clearHidden, type VisibilitySchema } from '../../src/shared/visibility.js';

type S = Record<string, unknown>;

const FORMAT_SAMPLES: Record<string, string> = {
  date: '2026-05-01',
  time: '08:30',
  'date-time': '2026-05-01T08:30:00.000Z',
  email: 'frontdesk@example.com',
  country: 'ES',
  currency: 'EUR',
  uri: 'https://example.com/',
  hostname: 'example.com',
};

/** Values tried against a field's pattern when it gives no example. */
const PATTERN_CANDIDATES = [
  '+34 971 000 000',
  '07001',
  'AB-123',
  'abc',
  'ABC',
  '12',
  'helena.h',
  'https://example.com/',
];

function typesOf(s: S): string[] {
  return s.type === undefined ? [] : Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
}

/** A valid, fully filled value for a ref-free schema: every property present, lists of two. */
export function sampleOf(schema: S, name = '', seed = 0): unknown {
  if ('const' in schema) return schema.const;
  // Fields with a pattern carry an example that matches it.
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  // A nullable object (anyOf or oneOf [object, null]): its object, filled.
  const branches = (
    Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined
  ) as S[] | undefined;
  if (branches) {
    const branch = branches.find((b) => typesOf(b).join() !== 'null');
    if (branch) return sampleOf(branch, name, seed);
  }
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((v) => v !== null);
    return values.length ? values[seed % values.length] : null;
  }
  const types = typesOf(schema).filter((t) => t !== 'null');
  const type = types[0] ?? (schema.properties ? 'object' : schema.items ? 'array' : 'string');
  switch (type) {
    case 'object': {
      const out: S = {};
      for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, S>)) {
        const required = ((schema.required ?? []) as string[]).includes(key);
        // Bookkeeping the server assigns is left out, unless the schema requires it.
        if (!required && (sub['x-ui'] as S | undefined)?.widget === 'hidden' && ['id', 'version'].includes(key))
          continue;
        out[key] = sampleOf(sub, key, seed);
      }
      // A free-form map that must not be empty (a bulk edit's values): one entry of its own.
      if (
        !schema.properties &&
        typeof schema.minProperties === 'number' &&
        schema.minProperties > 0 &&
        schema.additionalProperties !== false
      ) {
        for (let i = 0; i < schema.minProperties; i++) out[`${name}_${i + 1}`] = `${name} ${seed}`;
      }
      return out;
    }
    case 'array': {
      const items = (schema.items ?? {}) as S;
      const n = Math.max(
        Number(schema.minItems ?? 0),
        Array.isArray(items.enum) ? Math.min(2, items.enum.filter((v) => v !== null).length) : 2,
      );
      const list = Array.from({ length: n }, (_, i) => sampleOf(items, name, seed + i));
      return schema.uniqueItems ? [...new Map(list.map((v) => [JSON.stringify(v), v])).values()] : list;
    }
    case 'integer': {
      const min = Number(schema.minimum ?? 0);
      const max = schema.maximum === undefined ? min + 10 : Number(schema.maximum);
      return Math.min(max, Math.max(min, 1) + (seed % 3));
    }
    case 'number': {
      const min = Number(schema.minimum ?? 0);
      const max = schema.maximum === undefined ? min + 100 : Number(schema.maximum);
      return Math.min(max, min + 12.5);
    }
    case 'boolean':
      return true;
    default: {
      if (typeof schema.format === 'string' && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format];
      if (typeof schema.pattern === 'string') {
        const re = new RegExp(schema.pattern, 'u');
        const fit = PATTERN_CANDIDATES.find((c) => re.test(c));
        if (fit === undefined)
          throw new Error(`no sample matches pattern ${schema.pattern} of ${name}: give the field an example`);
        return fit;
      }
      const text = `${name || 'text'} ${seed + 1}`.replace(/_/g, ' ');
      const max = Number(schema.maxLength ?? 200);
      return text.slice(0, Math.max(1, max));
    }
  }
}

/** Make a condition true by setting the fields it reads (const, first enum value, contains). */
function satisfy(condition: Condition | undefined, doc: S): void {
  if (condition === undefined || typeof condition === 'boolean') return;
  for (const [key, sub] of Object.entries(condition.properties ?? {})) {
    if (typeof sub === 'boolean' || holds(sub, doc[key] ?? null)) continue;
    if ('const' in sub) doc[key] = sub.const;
    else if (sub.enum) doc[key] = sub.enum.find((v) => v !== null);
    else if (sub.contains && typeof sub.contains === 'object') {
      const want = 'const' in sub.contains ? sub.contains.const : sub.contains.enum?.[0];
      const list = Array.isArray(doc[key]) ? (doc[key] as unknown[]) : [];
      doc[key] = list.includes(want) ? list : [...list, want];
    } else if (sub.minimum !== undefined) doc[key] = sub.minimum;
    else if (sub.exclusiveMinimum !== undefined) doc[key] = sub.exclusiveMinimum + 1;
  }
  for (const sub of condition.allOf ?? []) satisfy(sub, doc);
  if (condition.anyOf?.[0]) satisfy(condition.anyOf[0], doc);
}

/**
 * A fully filled document that stays the same through the visibility rule: flags are switched
 * on and choices made so that as many dependents as possible are shown, then hidden ones are
 * emptied exactly as the editor and the server would.
 */
/**
 * The section's derived facts (`x-derived`: counted from the property's rooms, never taken from a
 * request) as a property without rooms reads them: not stated. Spread over what was sent to get
 * what the server answers.
 */
export function uncounted(schema: S): S {
  const props = (schema.properties ?? {}) as Record<string, S>;
  return Object.fromEntries(
    Object.entries(props)
      .filter(([, p]) => p['x-derived'])
      .map(([k]) => [k, null]),
  );
}

export function filledDocument(schema: S, seed = 0): S {
  const doc = sampleOf(schema, '', seed) as S;
  const props = (schema.properties ?? {}) as Record<string, S>;
  const groups = ((schema['x-ui'] as S | undefined)?.groups ?? []) as { key: string; visibleIf?: Condition }[];
  for (let pass = 0; pass < 3; pass++) {
    for (const g of groups) satisfy(g.visibleIf, doc);
    for (const sub of Object.values(props))
      satisfy((sub['x-ui'] as S | undefined)?.visibleIf as Condition | undefined, doc);
  }
  for (const [key, sub] of Object.entries(props)) {
    if (typesOf(sub).includes('object') && sub.properties && doc[key] && typeof doc[key] === 'object') {
      doc[key] = filledDocument(sub, seed);
    }
    if (typesOf(sub).includes('array') && (sub.items as S | undefined)?.properties && Array.isArray(doc[key])) {
      doc[key] = (doc[key] as unknown[]).map((_, i) => filledDocument(sub.items as S, seed + i));
    }
  }
  return clearHidden(schema as VisibilitySchema, doc);
}
