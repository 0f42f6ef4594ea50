import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle, RouteDef } from '../../src/shared/bundle-types.js';

export interface TestSection {
  key: string;
  ref: string;
  kind: 'document' | 'list';
  routes: Record<string, RouteDef>;
}

const b = bundle as unknown as SchemaBundle;

/** The sections of the committed bundle with their routes (by operationId prefix). */
export function testSections(): TestSection[] {
  const out: TestSection[] = [];
  for (const s of b.schemas) {
    const x = s['x-section'] as { key: string; kind?: string } | undefined;
    if (!x) continue;
    const pascal = x.key.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());
    const routes: Record<string, RouteDef> = {};
    for (const r of b.routes) {
      const m = /^facts(Get|Create|Update|List|Save|Delete)(.+)$/.exec(r.operationId);
      if (m && m[2] === pascal) routes[m[1]!.toLowerCase()] = r;
    }
    if (Object.keys(routes).length)
      out.push({
        key: x.key,
        ref: String(s.$id).replace('https://ananas.dev/schemas/', ''),
        kind: x.kind === 'list' ? 'list' : 'document',
        routes,
      });
  }
  return out;
}

/** A route path with its single parameter filled in. */
export function url(route: RouteDef, id: number): string {
  return '/' + route.path.replace(/\{[^}]+\}/, String(id));
}
