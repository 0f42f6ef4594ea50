/**
 * docs/security.md ("Security notes") lists the routes that need a fresh proof; routes.json declares them
 * (`stepUp`). This keeps the two equal, call by call and rule by rule, so the list can never say
 * less (or more) than the router enforces.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import bundle from '../../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { RouteDef, SchemaBundle } from '../../../src/shared/bundle-types.js';

const MARKER = '<!-- step-up routes:';

/** A rule as the table's second column writes it: "always", or "unless `status` is `D` or `R`". */
function when(rule: NonNullable<RouteDef['stepUp']>): string {
  if (rule === true) return 'always';
  return Object.entries(rule.unless)
    .map(([field, values]) => `unless \`${field}\` is ${values.map((v) => `\`${String(v)}\``).join(' or ')}`)
    .join(' and ');
}

/** The table under the marker: call -> [needs a fresh proof, why]. */
function readmeTable(): Map<string, [string, string]> {
  const readme = readFileSync(new URL('../../../docs/security.md', import.meta.url), 'utf8');
  const at = readme.indexOf(MARKER);
  if (at < 0) throw new Error(`docs/security.md has no "${MARKER}" marker in its security notes`);
  const rows = new Map<string, [string, string]>();
  const lines = readme.slice(at).split('\n').slice(1);
  for (const line of lines) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('|')) break;
    const cells = trimmed.split('|').map((c) => c.trim());
    if (cells[1] === 'call' || cells[1]!.startsWith('---')) continue;
    const call = /^`((?:POST|PUT|PATCH|DELETE|GET) [^`]+)`$/.exec(cells[1]!)?.[1];
    if (!call) throw new Error(`docs/security.md step-up table: "${cells[1]}" is not a call`);
    rows.set(call, [cells[2]!, cells[3]!]);
  }
  return rows;
}

describe('the docs/security.md list of step-up routes', () => {
  it('lists exactly the routes marked stepUp in routes.json, each with its rule and a reason', () => {
    const routes = (bundle as unknown as SchemaBundle).routes.filter((r) => r.stepUp);
    const fromRoutes = Object.fromEntries(routes.map((r) => [`${r.method} ${r.path}`, when(r.stepUp!)]));
    const table = readmeTable();
    const fromReadme = Object.fromEntries([...table].map(([call, [rule]]) => [call, rule]));
    expect(fromReadme, 'docs/security.md "Security notes" and schemas/routes.json disagree').toEqual(fromRoutes);
    const unexplained = [...table].filter(([, [, why]]) => !why).map(([call]) => call);
    expect(unexplained).toEqual([]);
  });
});
