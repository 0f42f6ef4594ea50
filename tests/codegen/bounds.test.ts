import { describe, expect, it } from 'vitest';
import openapi from '../../src/shared/generated/openapi.json' with { type: 'json' };

/**
 * Every whole number a client may send (path, query, body) is bounded to the 32-bit range of the
 * id and count columns: beyond it PostgreSQL would answer 500 where SQLite stores it. Bound new
 * fields with `common/defs` id or count, or a maximum of 2147483647.
 */
type Node = Record<string, unknown>;
const components = (openapi.components as { schemas: Record<string, Node> }).schemas;
const INT_MAX = 2147483647;

function unbounded(node: unknown, where: string, seen = new Set<string>()): string[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => unbounded(n, `${where}/${i}`, seen));
  if (!node || typeof node !== 'object') return [];
  const n = node as Node;
  const out: string[] = [];
  if (typeof n.$ref === 'string') {
    const name = n.$ref.replace('#/components/schemas/', '');
    if (!seen.has(name)) out.push(...unbounded(components[name], `${where} -> ${name}`, new Set([...seen, name])));
  }
  const types = Array.isArray(n.type) ? n.type : [n.type];
  const enumerated = Array.isArray(n.enum) || 'const' in n;
  if (types.includes('integer') && !enumerated) {
    if (typeof n.maximum !== 'number' || n.maximum > INT_MAX) out.push(`${where}: no maximum`);
    if (typeof n.minimum !== 'number' || n.minimum < -INT_MAX - 1) out.push(`${where}: no minimum`);
  }
  for (const [k, v] of Object.entries(n))
    if (k !== '$ref' && k !== 'enum' && k !== 'const' && k !== 'default' && k !== 'examples')
      out.push(...unbounded(v, `${where}/${k}`, seen));
  return out;
}

describe('request integers are bounded', () => {
  it('in every path, query and body of openapi.json', () => {
    const problems: string[] = [];
    for (const [path, item] of Object.entries(openapi.paths as Record<string, Record<string, Node>>)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        problems.push(...unbounded(op.parameters, `${where} parameters`));
        problems.push(...unbounded(op.requestBody, `${where} body`));
      }
    }
    expect(problems).toEqual([]);
  });
});
