import { describe, expect, it } from 'vitest';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import * as mappers from '../../src/shared/generated/mappers.js';
import type { SchemaBundle } from '../../src/shared/bundle-types.js';
import { SchemaRegistry } from '../../src/server/routing/schema-registry.js';
import { filledDocument, sampleOf } from '../helpers/schema-samples.js';

const registry = new SchemaRegistry(bundle as unknown as SchemaBundle);
const byName = mappers as unknown as Record<string, (x: unknown) => unknown>;

function typeNameOf(schema: Record<string, unknown>): string {
  if (typeof schema['x-type-name'] === 'string') return schema['x-type-name'];
  const file = String(schema.$id).split('/').pop()!.replace('.schema.json', '');
  return file
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

describe('fromWire / toWire round trip', () => {
  for (const schema of (bundle as unknown as SchemaBundle).schemas) {
    const typeName = typeNameOf(schema);
    const fn = typeName[0]!.toLowerCase() + typeName.slice(1);
    it(`${typeName}: toWire(fromWire(x)) equals x for a fully filled fixture`, () => {
      const resolved = registry.resolved(String(schema.$id));
      const fixture = resolved.properties ? filledDocument(resolved) : sampleOf(resolved);
      if (resolved.properties)
        expect(registry.validate(String(schema.$id), fixture), 'the fixture is valid').toBeNull();
      const client = byName[`${fn}FromWire`]!(structuredClone(fixture));
      expect(byName[`${fn}ToWire`]!(client)).toEqual(fixture);
      // Declared snake_case names never reach the client.
      if (resolved.properties && fixture && typeof fixture === 'object') {
        for (const key of Object.keys(client as object)) expect(key, `${typeName}.${key}`).not.toMatch(/_/);
      }
    });
  }
});
