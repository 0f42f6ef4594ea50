import { describe, expect, it } from 'vitest';
import { diffDocuments, sameJson } from '../../../src/server/features/audit/diff.js';
import type { JsonSchema } from '../../../src/shared/bundle-types.js';

/** The rule the walk replaces: two values are the same when JSON writes them alike. */
const asText = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A small deterministic generator (the same values on every run). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const SCALARS: unknown[] = [null, undefined, 0, -0, 1, 2.5, NaN, Infinity, '', 'a', 'b', '0', 'null', true, false];
const KEYS = ['a', 'b', 'c', 'room_name', '0'];

function value(next: () => number, depth: number): unknown {
  const r = next();
  if (depth > 2 || r < 0.5) return SCALARS[Math.floor(next() * SCALARS.length)];
  if (r < 0.75) return Array.from({ length: Math.floor(next() * 3) }, () => value(next, depth + 1));
  const out: Record<string, unknown> = {};
  for (const k of KEYS) if (next() < 0.5) out[k] = value(next, depth + 1);
  return out;
}

/** A copy with one random change (or none): values close to each other, as a save's rows are. */
function nearby(next: () => number, v: unknown): unknown {
  const copy = v === undefined ? undefined : (JSON.parse(JSON.stringify(v) ?? 'null') as unknown);
  if (next() < 0.3 || copy === null || typeof copy !== 'object') return next() < 0.5 ? copy : value(next, 1);
  if (Array.isArray(copy)) {
    if (copy.length) copy[Math.floor(next() * copy.length)] = value(next, 2);
    else copy.push(value(next, 2));
    return copy;
  }
  const obj = copy as Record<string, unknown>;
  const key = KEYS[Math.floor(next() * KEYS.length)]!;
  if (next() < 0.3) {
    // The same keys in another order: JSON text differs, so must the answer.
    const reordered: Record<string, unknown> = {};
    for (const k of Object.keys(obj).reverse()) reordered[k] = obj[k];
    return reordered;
  }
  obj[key] = next() < 0.2 ? undefined : value(next, 2);
  return obj;
}

describe('sameJson', () => {
  it('answers what comparing the JSON texts answers, on thousands of value pairs', () => {
    const next = random(39);
    let same = 0;
    for (let i = 0; i < 20_000; i++) {
      const a = value(next, 0);
      const b = next() < 0.5 ? nearby(next, a) : value(next, 0);
      expect(sameJson(a, b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(asText(a, b));
      if (asText(a, b)) same++;
    }
    // Both answers were met often enough to mean something.
    expect(same).toBeGreaterThan(2_000);
    expect(same).toBeLessThan(18_000);
  });

  it('keeps JSON’s own rules', () => {
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson([undefined, NaN], [null, null])).toBe(true);
    expect(sameJson(undefined, null)).toBe(true);
    expect(sameJson(-0, 0)).toBe(true);
    expect(sameJson(new Date(0), '1970-01-01T00:00:00.000Z')).toBe(false);
    expect(sameJson({ at: new Date(0) }, { at: new Date(0) })).toBe(true);
    expect(sameJson([1, [2, { x: 'y' }]], [1, [2, { x: 'y' }]])).toBe(true);
    expect(sameJson([1, [2, { x: 'y' }]], [1, [2, { x: 'z' }]])).toBe(false);
  });
});

describe('diffDocuments', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: {
      room_name: { title: 'Room name', type: 'string' },
      beds: { title: 'Beds', type: 'object', properties: { count: { title: 'Count' }, kinds: { title: 'Kinds' } } },
    },
  };

  it('lists every field of a new row, and nothing for an unchanged one', () => {
    const row = { id: 5, hotel: 1, room_name: 'Sea view', beds: { count: 2, kinds: ['double'] } };
    expect(diffDocuments(schema, {}, row)).toEqual([
      { field: 'room_name', label: 'Room name', from: null, to: 'Sea view' },
      { field: 'beds.count', label: 'Beds › Count', from: null, to: 2 },
      { field: 'beds.kinds', label: 'Beds › Kinds', from: null, to: ['double'] },
    ]);
    expect(diffDocuments(schema, row, JSON.parse(JSON.stringify(row)))).toEqual([]);
    expect(diffDocuments(schema, row, { ...row, beds: { count: 2, kinds: ['twin'] } })).toEqual([
      { field: 'beds.kinds', label: 'Beds › Kinds', from: ['double'], to: ['twin'] },
    ]);
  });
});
