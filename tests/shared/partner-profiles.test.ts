/**
 * Partners' attribute lists (schemas/partner-profiles/, issue 40): every file is valid against its
 * meta schema and read by src/shared/partner-profiles.ts, the partner API's query names exactly
 * these profiles, and every fact field an attribute names is a yes/no field of its section, so a
 * renamed field cannot leave a partner's attribute silently unanswered.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../src/shared/ajv.js';
import { PARTNER_PROFILES, answerProfile, partnerProfile } from '../../src/shared/partner-profiles.js';
import bundle from '../../src/shared/generated/schema-bundle.json' with { type: 'json' };

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (rel: string) => JSON.parse(readFileSync(path.join(root, rel), 'utf8')) as Record<string, unknown>;
const files = readdirSync(path.join(root, 'schemas/partner-profiles')).filter((f) => f.endsWith('.json'));

type Node = { properties?: Record<string, Node>; type?: unknown; $ref?: string; 'x-section'?: { key: string } };
const sections = new Map<string, Node>();
for (const s of (bundle as unknown as { schemas: Node[] }).schemas)
  if (s['x-section']) sections.set(s['x-section'].key, s);
const flag = readJson('schemas/common/defs.schema.json') as { $defs: Record<string, Node> };

function isYesNo(node: Node | undefined): boolean {
  if (!node) return false;
  const target = node.$ref?.endsWith('#/$defs/flag') ? flag.$defs.flag! : node;
  return Array.isArray(target.type) ? target.type.includes('boolean') : target.type === 'boolean';
}

describe('partner profiles', () => {
  it('are valid data, all read, and the query names each of them', () => {
    const validate = createAjv().compile(readJson('schemas/meta/partner-profile.schema.json'));
    for (const f of files) expect(validate(readJson(`schemas/partner-profiles/${f}`)), f).toBe(true);
    expect(PARTNER_PROFILES.map((p) => `${p.profile}.json`).sort()).toEqual([...files].sort());
    const query = readJson('schemas/devtools/partner-attributes-query.schema.json') as {
      properties: { profile: { enum: string[] } };
    };
    expect([...query.properties.profile.enum].sort()).toEqual(PARTNER_PROFILES.map((p) => p.profile).sort());
  });

  it('map every attribute to yes/no fields of a real section, or say why not', () => {
    for (const p of PARTNER_PROFILES)
      for (const a of p.attributes) {
        if (a.none) continue;
        const schema = sections.get(a.section!);
        expect(schema, `${p.profile} ${a.code}: section ${a.section}`).toBeDefined();
        for (const f of a.fields!) expect(isYesNo(schema!.properties?.[f]), `${p.profile} ${a.code}: ${f}`).toBe(true);
      }
  });

  it('answers yes when any field is yes, no when all are no, and room-level attributes per room type', () => {
    const google = partnerProfile('google-accessibility')!;
    const docs: Record<string, unknown> = {
      accessibility: { access_pool_hoist: false, access_pool_ramp: true, access_lift: false, access_parking: null },
      room: [
        { id: 7, room_name: 'Suite', room_roll_in_shower: true, room_wheelchair_accessible: true },
        { id: 8, room_name: 'Double', room_roll_in_shower: false, room_wheelchair_accessible: false },
      ],
    };
    const answer = answerProfile(google, (s) => docs[s] as never);
    const by = (code: string) => answer.find((a) => a.code === code)!;
    expect(by('mobilityAccessiblePool').value).toBe(true);
    expect(by('mobilityAccessibleElevator').value).toBe(false);
    expect(by('mobilityAccessibleParking').value).toBeNull();
    expect(by('livingArea.accessibility.mobilityAccessibleShower')).toMatchObject({
      value: true,
      rooms: [
        { id: 7, room_name: 'Suite', value: true },
        { id: 8, room_name: 'Double', value: false },
      ],
    });
    expect(by('livingArea.accessibility.hearingAccessibleUnit').value).toBeNull();
    expect(by('livingArea.accessibility.adaCompliantUnit')).toMatchObject({ value: null, rooms: null, fields: [] });
    expect(by('livingArea.accessibility.adaCompliantUnit').none).toMatch(/ADA/);
  });
});
