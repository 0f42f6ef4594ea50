/**
 * Hotel content as OTA is valid for any facts (issue 28 §2): every section filled (as the schema
 * samples fill them, rooms, restaurants, bars and maintenance rows included), then every free
 * text replaced by odd text (long, markup, control characters, lone surrogates, right-to-left),
 * every number by an extreme the schema allows, the hotel's name, place, photos and operator codes
 * likewise; every document the builder answers, in each language, is valid against the official
 * OpenTravel 2015A schema (xmllint, one run for all).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import bundleJson from '../../../src/shared/generated/schema-bundle.json' with { type: 'json' };
import type { SchemaBundle } from '../../../src/shared/bundle-types.js';
import type { SchemaNode, SectionInput } from '../../../src/shared/fact-sheet/index.js';
import type { PhotoWire } from '../../../src/shared/generated/wire-types.js';
import { registryOf } from '../../../src/server/routing/schema-registry.js';
import { sectionsOf } from '../../../src/server/features/facts/sections.js';
import { otaDescriptiveInfo } from '../../../src/server/features/partner-api/ota-content/index.js';
import { filledDocument } from '../../helpers/schema-samples.js';
import { otaProblems } from '../../helpers/ota.js';
import { oddText } from '../../helpers/fixtures/odd-text.js';

type S = Record<string, unknown>;
const bundle = bundleJson as unknown as SchemaBundle;
const registry = registryOf(bundle);
const sections = sectionsOf(registry);
const ROWS: Record<string, number> = { room: 3, restaurant: 2, bar: 2, maintenance: 2 };

const typesOf = (s: S): string[] =>
  s.type === undefined ? [] : Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];

/** Free texts and numbers of a filled document replaced by the odd ones drawn. */
function oddly(schema: S, doc: S, texts: string[], numbers: number[], at: { n: number }): S {
  const out: S = { ...doc };
  for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, S>)) {
    const v = doc[key];
    if (v === null || v === undefined || key === 'id' || key === 'hotel' || key === 'version') continue;
    if (sub.properties && typeof v === 'object' && !Array.isArray(v)) out[key] = oddly(sub, v as S, texts, numbers, at);
    else if (typeof v === 'string' && !sub['x-options'] && !sub.format && !sub.pattern) {
      const t = texts[at.n++ % texts.length]!;
      out[key] = typeof sub.maxLength === 'number' ? [...t].slice(0, sub.maxLength).join('') : t;
    } else if (typeof v === 'number' && !sub['x-options']) {
      const n = numbers[at.n++ % numbers.length]!;
      const min = typeof sub.minimum === 'number' ? sub.minimum : -Infinity;
      const max = typeof sub.maximum === 'number' ? sub.maximum : Infinity;
      const fitted = Math.min(max, Math.max(min, n));
      out[key] = typesOf(sub).includes('integer') ? Math.round(Math.min(fitted, 2_147_483_647)) : fitted;
    }
  }
  return out;
}

const world = fc.record({
  texts: fc.array(oddText(700), { minLength: 5, maxLength: 12 }),
  numbers: fc.array(
    fc.oneof(
      fc.constantFrom(0, 0.0004, 1, 12345678.98765, 1e15, 1e300, Number.MAX_SAFE_INTEGER),
      fc.double({ min: 0, max: 1e9, noNaN: true }),
    ),
    { minLength: 3, maxLength: 8 },
  ),
  name: oddText(200),
  city: oddText(120),
  state: oddText(10),
  hotelCode: fc.option(oddText(24)),
  roomCode: fc.option(oddText(24)),
  photo: fc.record({
    name: fc.option(oddText(200)),
    alt: fc.option(oddText(200)),
    description: fc.option(oddText(2000)),
    width: fc.integer({ min: 1, max: 2_147_483_647 }),
    bytes: fc.integer({ min: 0, max: 2_147_483_647 }),
  }),
  language: fc.constantFrom('en' as const, 'es' as const, 'ru' as const, 'fa' as const),
  seed: fc.nat(5),
});

describe('OTA_HotelDescriptiveInfoRS for any facts', () => {
  it('is valid against the official schema', () => {
    const documents: string[] = [];
    fc.assert(
      fc.property(world, (w) => {
        const at = { n: 0 };
        const inputs: SectionInput[] = sections.map((s) => {
          const schema = registry.resolved(s.ref) as S;
          const data =
            s.kind === 'list'
              ? Array.from({ length: ROWS[s.key] ?? 1 }, (_, i) => ({
                  ...oddly(schema, filledDocument(schema, w.seed + i), w.texts, w.numbers, at),
                  id: i + 1,
                }))
              : oddly(schema, filledDocument(schema, w.seed), w.texts, w.numbers, at);
          return {
            key: s.key,
            kind: s.kind,
            order: s.order,
            schema: schema as SchemaNode,
            data,
            enabledIf: s.enabledIf,
          };
        });
        const photo = (id: number, room: number | null): PhotoWire => ({
          id,
          name: w.photo.name,
          alt: w.photo.alt,
          category: 'Rooms',
          description: w.photo.description,
          uploaded_by: null,
          sequence: id,
          room,
          featured: id === 2,
          width: w.photo.width,
          height: 1,
          bytes: w.photo.bytes,
          format: 'jpeg',
          similar_to: null,
          created_at: '2026-01-01T00:00:00.000Z',
          credit: null,
          licence: null,
          licence_holder: null,
          licence_ends: null,
          pass_on: true,
          held_back: null,
          attribution: null,
          image: `https://portal.example/api/v1/properties/1/photos/${id}/original/?sig=a&x=<"'>`,
          display: `https://portal.example/api/v1/properties/1/photos/${id}/display/`,
          thumbnail: `https://portal.example/api/v1/properties/1/photos/${id}/thumbnail/`,
        });
        const { xml } = otaDescriptiveInfo({
          mapping: bundle.ota,
          options: bundle.options,
          language: w.language,
          propertyId: 1,
          hotelName: w.name,
          codes: { hotel: w.hotelCode, room: (id) => (id === 1 ? w.roomCode : null) },
          place: { city: w.city, state: w.state, country: 'ES' },
          published: true,
          sections: inputs,
          photoSchema: registry.resolved('facts/photo.schema.json') as SchemaNode,
          photos: [photo(1, 1), photo(2, null), photo(3, 99)],
        });
        documents.push(xml);
      }),
      { numRuns: 25, seed: 2828 },
    );
    expect(documents).toHaveLength(25);
    expect(otaProblems('OTA_HotelDescriptiveInfoRS', documents)).toEqual([]);
  });
});
