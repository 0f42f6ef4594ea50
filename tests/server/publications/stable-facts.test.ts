/**
 * The machines' shape of the facts (partner API, JSON and CSV exports): every section and every
 * schema field present, unset fields null, list rows complete, keys outside the schema dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { sectionsOf } from '../../../src/server/features/facts/sections.js';
import { stableFacts } from '../../../src/server/features/publications/stable-facts.js';

describe('stable facts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.stop());

  it('answers every section with every field of its schema, null where unset', () => {
    const facts = stableFacts(
      t.services,
      new Map<string, Record<string, unknown> | Record<string, unknown>[]>([
        ['main-info', { address: 'Playa 1', hotel: 7, not_a_field: 'x' }],
        ['room', [{ room_name: 'Sea view double', hotel: 7 }]],
      ]),
    );
    const sections = sectionsOf(t.services.schemas);
    expect(Object.keys(facts).sort()).toEqual(sections.map((s) => s.key).sort());
    const main = facts['main-info'] as Record<string, unknown>;
    expect(main.address).toBe('Playa 1');
    expect(main).not.toHaveProperty('not_a_field');
    expect(main).not.toHaveProperty('hotel');
    const mainSchema = t.services.schemas.resolved(sections.find((s) => s.key === 'main-info')!.ref) as {
      properties: Record<string, unknown>;
    };
    for (const key of Object.keys(mainSchema.properties)) if (key !== 'hotel') expect(main).toHaveProperty(key);
    expect(Object.values(main).filter((v) => v === null).length).toBeGreaterThan(5);

    const rooms = facts.room as Record<string, unknown>[];
    expect(rooms).toHaveLength(1);
    expect(rooms[0]).toMatchObject({ room_name: 'Sea view double', room_view: null });
    for (const s of sections.filter((x) => x.kind === 'list' && x.key !== 'room')) expect(facts[s.key]).toEqual([]);
  });
});
