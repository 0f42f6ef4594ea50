import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import bundle from '../../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../../src/shared/bundle-types.js';

const routes = (bundle as unknown as SchemaBundle).routes;
const OWNER = '(owner only)';

/** The "Permissions" table of docs/security.md: flag (or "(owner only)") -> the calls of its row. */
function readmeTable(): Map<string, Set<string>> {
  const readme = readFileSync(new URL('../../../docs/security.md', import.meta.url), 'utf8');
  const section = readme.split(/^## Permissions$/m)[1]?.split(/^## /m)[0];
  if (!section) throw new Error('docs/security.md has no "## Permissions" section');
  const table = new Map<string, Set<string>>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 5 || cells[1] === 'flag' || cells[1]!.startsWith('---')) continue;
    const flag = cells[1]!.replace(/`/g, '');
    const calls = [...cells[3]!.matchAll(/`((?:GET|POST|PUT|PATCH|DELETE) [^`]+)`/g)].map((m) => m[1]!);
    table.set(flag, new Set(calls));
  }
  return table;
}

describe('the docs/security.md permissions table', () => {
  it('lists exactly the calls each flag gates in routes.json, and the owner-only calls', () => {
    const fromRoutes = new Map<string, Set<string>>();
    for (const r of routes) {
      const key = r.permission ?? (r.access === 'manager' ? OWNER : undefined);
      if (!key) continue;
      if (!fromRoutes.has(key)) fromRoutes.set(key, new Set());
      fromRoutes.get(key)!.add(`${r.method} ${r.path}`);
    }
    const table = readmeTable();
    const sorted = (m: Map<string, Set<string>>) =>
      Object.fromEntries(
        [...m].map(([k, v]) => [k, [...v].sort()]).sort(([a], [b]) => String(a).localeCompare(String(b))),
      );
    expect(sorted(table), 'docs/security.md "Permissions" and schemas/routes.json disagree').toEqual(
      sorted(fromRoutes),
    );
  });
});
