import { describe, expect, it } from 'vitest';
import bundleJson from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { JsonSchema, SchemaBundle } from '../../src/shared/bundle-types.js';
import { fieldRulesOf } from '../../src/shared/field-rules.js';
import { SCHEMA_BASE, SchemaRegistry } from '../../src/server/routing/schema-registry.js';

/**
 * Every pair of fields that bound each other (min_x / max_x, x_from / x_to, start / end, and every
 * `x-ui.rangeOf`) declares its rule in `x-rules`, so the server refuses a minimum above its
 * maximum or a period that ends before it starts and the editor shows it beside both fields. A
 * new pair without a rule fails here: declare it (schemas/README.md "Rules between fields"), or
 * say below why its order does not matter.
 */
const NOT_ORDERED: Record<string, string> = {
  'properties/publication-compare-query.schema.json#from/to':
    'compares two publications in either order (from 3 to 1 shows what changed back)',
};

/** Word pairs that make two names a range when everything else in them is the same. */
const BOUNDS: readonly [string, string][] = [
  ['min', 'max'],
  ['minimum', 'maximum'],
  ['from', 'to'],
  ['from', 'until'],
  ['start', 'end'],
  ['starting', 'ending'],
  ['since', 'until'],
];

type Node = JsonSchema;
const types = (s: Node): string[] => (Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : []);
const DATE_PATTERN = /^\^(\\d|\[0-9\])\{4\}-/;

/** What a field's values are ordered as: numbers, calendar dates, or nothing (times of day wrap at midnight). */
function orderOf(s: Node): 'number' | 'date' | undefined {
  const t = types(s);
  if (t.includes('integer') || t.includes('number')) return 'number';
  if (t.includes('string') && (s.format === 'date' || (typeof s.pattern === 'string' && DATE_PATTERN.test(s.pattern))))
    return 'date';
  return undefined;
}

/** The (low, high) pairs among the property names of one object. */
function pairsOf(node: Node): [string, string][] {
  const props = (node.properties ?? {}) as Record<string, Node>;
  const names = Object.keys(props);
  const out = new Map<string, [string, string]>();
  for (const low of names) {
    const a = low.split('_');
    for (const high of names) {
      const b = high.split('_');
      if (a.length !== b.length) continue;
      const differ = a.flatMap((w, i) => (w === b[i] ? [] : [i]));
      if (differ.length === 1 && BOUNDS.some(([l, h]) => a[differ[0]!] === l && b[differ[0]!] === h))
        out.set(`${low}/${high}`, [low, high]);
    }
  }
  for (const [high, s] of Object.entries(props)) {
    const start = (s['x-ui'] as { rangeOf?: string } | undefined)?.rangeOf;
    if (start && start in props) out.set(`${start}/${high}`, [start, high]);
  }
  return [...out.values()].filter(([low, high]) => {
    const order = orderOf(props[low]!);
    return order !== undefined && order === orderOf(props[high]!);
  });
}

/** Keywords under which properties state conditions (if/then, the publish rules), not fields. */
const RULE_ONLY = new Set([
  'if',
  'then',
  'else',
  'not',
  'allOf',
  'anyOf',
  'oneOf',
  'dependentSchemas',
  'contains',
  'publish',
]);

/** Every object that declares fields (properties), outside rule-only keywords. */
function walk(node: unknown, fn: (n: Node) => void): void {
  if (Array.isArray(node)) node.forEach((n) => walk(n, fn));
  else if (node && typeof node === 'object') {
    if ((node as Node).properties) fn(node as Node);
    for (const [k, v] of Object.entries(node as Node))
      if (!k.startsWith('x-') && k !== 'enum' && k !== 'const' && !RULE_ONLY.has(k)) walk(v, fn);
  }
}

/** Pairs without a rule, as "file#low/high". */
function unruledPairs(file: string, schema: Node): string[] {
  const out: string[] = [];
  walk(schema, (node) => {
    const rules = fieldRulesOf(node);
    for (const [low, high] of pairsOf(node)) {
      const id = `${file}#${low}/${high}`;
      if (NOT_ORDERED[id] === undefined && !rules.some((r) => r.field === low && r.lte === high)) out.push(id);
    }
  });
  return out;
}

describe('rules between fields', () => {
  const bundle = bundleJson as unknown as SchemaBundle;
  const registry = new SchemaRegistry(bundle);
  const files = bundle.schemas.map((s) => String(s.$id).replace(SCHEMA_BASE, ''));

  it('every min/max, from/to and start/end pair of numbers or dates declares its rule (x-rules)', () => {
    expect(files.flatMap((f) => unruledPairs(f, registry.resolved(f)))).toEqual([]);
  });

  it('finds a new pair without a rule, and the pairs of the room schema with theirs', () => {
    const room = registry.resolved('facts/room.schema.json');
    expect(unruledPairs('facts/room.schema.json', room)).toEqual([]);
    const { 'x-rules': _rules, ...withoutRules } = room;
    expect(unruledPairs('facts/room.schema.json', withoutRules)).toEqual([
      'facts/room.schema.json#room_min_adults/room_max_adults',
      'facts/room.schema.json#room_min_children/room_max_children',
    ]);
    const added = {
      type: 'object',
      properties: {
        pool_min_depth: { type: ['number', 'null'] },
        pool_max_depth: { type: ['number', 'null'] },
        season_start: { type: 'string', format: 'date' },
        season_end: { type: 'string', format: 'date' },
        opens: { type: 'string', format: 'time' },
        closes: { type: 'string', format: 'time', 'x-ui': { rangeOf: 'opens' } },
      },
    };
    expect(unruledPairs('x', added)).toEqual(['x#pool_min_depth/pool_max_depth', 'x#season_start/season_end']);
  });

  it('names only properties of the object it is on (codegen refuses others)', () => {
    for (const f of files)
      walk(registry.resolved(f), (node) => {
        for (const r of fieldRulesOf(node)) {
          expect(Object.keys(node.properties ?? {}), `${f}: ${r.field}`).toContain(r.field);
          expect(Object.keys(node.properties ?? {}), `${f}: ${r.lte}`).toContain(r.lte);
        }
      });
  });
});
