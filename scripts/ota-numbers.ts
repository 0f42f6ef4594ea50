/**
 * npx tsx scripts/ota-numbers.ts
 *
 * The numbers issue 36 tracks, measured: the share of fact fields whose value lands in an OTA
 * attribute (the coverage model that writes docs/ota-coverage.md), and, in the demo hotel's OTA
 * hotel content as the demo operator receives it (seeded into a throw-away SQLite database), the
 * elements that state a fact and carry a code, the code attributes and lists in use, and any code
 * the vendored tables do not have.
 */
import bundleJson from '../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { JsonSchema, SchemaBundle } from '../src/shared/bundle-types.js';
import { coverage } from '../src/shared/ota/coverage.js';
import { SchemaRegistry } from '../src/server/routing/schema-registry.js';
import { sectionsOf } from '../src/server/features/facts/index.js';
import { seedDemo } from '../src/server/demo/seed.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/demo/accounts.js';
import { startTestApp } from '../tests/helpers/app.js';
import { signIn } from '../tests/helpers/accounts.js';
import { otaMetrics, unknownCodes } from '../tests/helpers/ota-metrics.js';

const bundle = bundleJson as unknown as SchemaBundle;
const registry = new SchemaRegistry(bundle);
const cov = coverage(
  sectionsOf(registry).map((s) => ({ key: s.key, schema: registry.resolved(s.ref) as JsonSchema })),
  bundle.ota,
  bundle.options,
);
const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)} %`;
console.log(`fact fields: ${cov.total}`);
console.log(`structured (a value lands in an OTA attribute): ${cov.structured} (${pct(cov.structured, cov.total)})`);
console.log(`weighted by the share of each field's values with a code: ${pct(cov.weighted, cov.total)}`);

const demo = await startTestApp('sqlite');
try {
  await seedDemo(demo.services);
  const token = await signIn(demo, DEMO_ACCOUNTS.operator.email, DEMO_PASSWORD);
  const call = (method: string, url: string, body?: unknown, key?: string) =>
    demo.api(method, url, {
      ...(key ? { headers: { 'x-api-key': key } } : { token }),
      ...(body ? { body } : {}),
      ip: '127.0.0.1',
    });
  const entry = (
    await call('POST', '/api/settings/whitelist/create/', { name: 'numbers', domain: '127.0.0.1' })
  ).json();
  const key = (
    await call('POST', '/api/settings/api-key/create/', {
      title: 'numbers',
      fact_sheet: true,
      stop_sale: true,
      hotel_photos: true,
      domain: entry.id,
    })
  ).json().token as string;
  const [property] = (await call('GET', '/api/v1/properties/', undefined, key)).json().results;
  const xml = (await call('GET', `/api/v1/properties/${property.id}/facts/ota/`, undefined, key)).body;
  const m = otaMetrics(xml);
  console.log(`demo hotel: ${m.coded} of ${m.elements} fact elements carry a code (${pct(m.coded, m.elements)})`);
  console.log(`code attributes in use (${m.kinds.length}): ${m.kinds.join(', ')}`);
  console.log(`code lists in use (${m.lists.length}): ${m.lists.join(', ')}`);
  const unknown = unknownCodes(m.codes);
  console.log(
    unknown.length ? `codes not in the tables: ${unknown.join(', ')}` : 'every code sent is in the vendored tables',
  );
} finally {
  await demo.stop();
}
