import { describe, expect, it } from 'vitest';
import bundleJson from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { JsonSchema, SchemaBundle } from '../../src/shared/bundle-types.js';
import { formats } from '../../src/shared/formats.js';
import { SCHEMA_BASE, SchemaRegistry } from '../../src/server/routing/schema-registry.js';

/**
 * Every text a request must give (minLength 1) and that people type freely (no option list, no
 * format or pattern of its own) is a name of something: it says `"format": "non-blank"`, so a
 * name of blanks is refused like an empty one (issue 34). A new such field without it fails here,
 * unless it is listed below with the reason blanks cannot reach it.
 */
const NOT_NAMES: Record<string, string> = {
  'auth/login.schema.json#email': 'matched against stored addresses: blanks find no account',
  'auth/activation.schema.json#uid': 'a link code the server decodes',
  'auth/activation.schema.json#token': 'a link token compared with a stored hash',
  'auth/reset-password-confirm.schema.json#uid': 'a link code the server decodes',
  'auth/reset-password-confirm.schema.json#token': 'a link token compared with a stored hash',
  'auth/invitation-accept.schema.json#uid': 'a link code the server decodes',
  'auth/invitation-accept.schema.json#token': 'a link token compared with a stored hash',
  'next-steps/confirm-section.schema.json#section': 'a section key, checked against the sections',
  'reference/options-request.schema.json#head': 'a screen family, matched against the option lists',
  'devtools/whitelist.schema.json#domain': 'parsed into addresses, ranges and origins: blanks parse to none (400)',
  'devtools/api-key.schema.json#domain': 'names a whitelist entry: blanks name none (400)',
  'devtools/webhook.schema.json#url': 'parsed as a URL: blanks are no URL (400)',
};

type Node = JsonSchema;
const types = (s: Node): string[] => (Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : []);
const RULE_ONLY = new Set(['if', 'then', 'else', 'not', 'allOf', 'anyOf', 'oneOf', 'dependentSchemas', 'publish']);

/** Free text a request must give, without `non-blank`, as "file#field". */
function unguarded(file: string, schema: Node): string[] {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [name, p] of Object.entries(((node as Node).properties ?? {}) as Record<string, Node>)) {
      const free =
        types(p).includes('string') &&
        Number(p.minLength ?? 0) >= 1 &&
        p.writeOnly !== true &&
        p.readOnly !== true &&
        p.enum === undefined &&
        p['x-options'] === undefined &&
        p.pattern === undefined;
      const id = `${file}#${name}`;
      if (free && p.format !== 'non-blank' && p.format === undefined && NOT_NAMES[id] === undefined) out.push(id);
    }
    for (const [k, v] of Object.entries(node as Node)) if (!k.startsWith('x-') && !RULE_ONLY.has(k)) walk(v);
  };
  walk(schema);
  return out;
}

describe('names of blanks', () => {
  const bundle = bundleJson as unknown as SchemaBundle;
  const registry = new SchemaRegistry(bundle);
  const files = bundle.schemas.map((s) => String(s.$id).replace(SCHEMA_BASE, ''));

  it('every free text a request must give is non-blank', () => {
    expect(files.flatMap((f) => unguarded(f, registry.resolved(f)))).toEqual([]);
  });

  it('finds a new name without it', () => {
    expect(
      unguarded('x', { type: 'object', properties: { villa_name: { type: 'string', minLength: 1, maxLength: 80 } } }),
    ).toEqual(['x#villa_name']);
  });

  it('non-blank refuses white space and invisible characters only', () => {
    const nonBlank = (s: string) => formats['non-blank'].test(s);
    for (const blank of [
      '',
      ' ',
      '\t\n\r',
      '\u00a0',
      '\u2003',
      '\u3000',
      '\u2028',
      '\ufeff',
      '\u200b\u200c\u200d',
      '\u2060',
      '\u180e',
      '\u3164',
    ])
      expect(nonBlank(blank), JSON.stringify(blank)).toBe(false);
    for (const name of ['A', ' Sol ', '\u00a0Sea\u3000Suite', 'هتل', '酒店', '0', '-'])
      expect(nonBlank(name), name).toBe(true);
  });
});
