/**
 * Where each fact field goes in OTA hotel content is written in one place, schemas/ota-mapping.json
 * (issue 28 §2): every field of every fact section and of the photo is mapped (by its own entry,
 * its parent object's or its x-ui group's) or named as unmapped; a new field in a group nobody
 * mapped is caught here; names the schemas do not have fail codegen; the targets the file may
 * use are the builder's.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import bundleJson from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import otaMeta from '../../schemas/meta/ota-mapping.schema.json' with { type: 'json' };
import { OTA_TARGETS, type SchemaBundle } from '../../src/shared/bundle-types.js';
import { SchemaRegistry } from '../../src/server/routing/schema-registry.js';
import { sectionsOf } from '../../src/server/features/facts/sections.js';
import { mappableFields, unaccounted } from '../../src/shared/ota/mapping.js';
import { checkedSet } from '../../codegen/run.js';
import { loadSchemaSet } from '../../codegen/load.js';

const bundle = bundleJson as unknown as SchemaBundle;
const registry = new SchemaRegistry(bundle);
const root = path.resolve(import.meta.dirname, '../..');

describe('schemas/ota-mapping.json', () => {
  it('accounts for every field of every fact section and of the photo: mapped or named as unmapped', () => {
    const sections = sectionsOf(registry);
    expect(sections.length).toBeGreaterThan(10);
    const missing: string[] = [];
    let fields = 0;
    for (const s of sections) {
      const schema = registry.resolved(s.ref);
      fields += mappableFields(schema).length;
      for (const f of unaccounted(schema, bundle.ota.sections[s.key])) missing.push(`${s.key}.${f}`);
    }
    for (const f of unaccounted(registry.resolved('facts/photo.schema.json'), bundle.ota.photo))
      missing.push(`photo.${f}`);
    expect(fields).toBeGreaterThan(1000);
    expect(missing).toEqual([]);
  });

  it('names a new field of a group nobody mapped, and takes one in a mapped group (the check is not vacuous)', () => {
    const main = structuredClone(registry.resolved('facts/main-info.schema.json')) as {
      properties: Record<string, unknown>;
      'x-ui': { groups: { key: string }[] };
    };
    main.properties.airport_shuttle = {
      title: 'Airport shuttle',
      type: ['boolean', 'null'],
      'x-ui': { group: 'shuttle' },
    };
    main.properties.late_arrival_note = {
      title: 'Late arrival',
      type: ['string', 'null'],
      'x-ui': { group: 'policies' },
    };
    expect(unaccounted(main, bundle.ota.sections['main-info'])).toEqual(['airport_shuttle']);
    // Named as unmapped, it is accounted for.
    expect(unaccounted(main, { ...bundle.ota.sections['main-info'], unmapped: ['airport_shuttle'] })).toEqual([]);
  });

  it('uses the targets the builder writes', () => {
    expect([...OTA_TARGETS].sort()).toEqual([...otaMeta.$defs.target.enum].sort());
  });

  it('fails codegen for a name the schemas do not have, and for a target the builder does not know', async () => {
    // codegen's checks (what it runs before writing anything) over an edited copy in memory.
    const set = await loadSchemaSet(path.join(root, 'schemas'));
    type Entries = Record<string, Record<string, unknown>>;
    type Mapping = {
      sections: Record<string, { fields: Record<string, unknown>; groups: Record<string, unknown> }>;
      options: Entries;
    };
    const withMapping = (edit: (mapping: Mapping) => void) => {
      const copy = structuredClone(set);
      edit(copy.otaMapping as never);
      return () => checkedSet(copy);
    };
    expect(
      withMapping((stale) => {
        stale.sections['main-info'].fields.check_in_hour = stale.sections['main-info'].fields.check_in_time;
        stale.sections.location.groups.nowhere = 'service';
        stale.options.facilityServices['meeting hall'] = 'meetingRoom';
      }),
    ).toThrow(/no field "check_in_hour"[\s\S]*no x-ui group "nowhere"[\s\S]*no value "meeting hall"/);
    expect(
      withMapping((unknown) => {
        unknown.sections['main-info'].fields.rating = { to: 'award', slot: 'stars' };
      }),
    ).toThrow(/ota-mapping\.json/);
  });
});
