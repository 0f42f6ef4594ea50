import { LRUCache } from 'lru-cache';
import { inFlight } from '../../in-flight.js';
import type { ScopedProperty } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { SectionInfo } from './sections.js';
import { deriveInto, derivationsOf } from './derived.js';

export interface InitInfoAnswer {
  body: Buffer;
  etag: string;
}

/**
 * GET init-facts-info: every section of a property in one answer. Stored documents are already
 * JSON, so the answer is assembled as text, never parsed and re-serialized; the bytes are kept
 * per property and reused while its facts revision (read with the scope check, so every server
 * process agrees) has not moved.
 */
export function createInitInfo(services: Services, sections: readonly SectionInfo[]) {
  const keyed = sections.filter((s) => s.initKey);

  async function assemble(propertyId: number): Promise<Buffer> {
    const db = services.db.kysely;
    const [docs, rows] = await Promise.all([
      db.selectFrom('fact_sections').select(['section', 'data']).where('property_id', '=', propertyId).execute(),
      db
        .selectFrom('fact_rows')
        .select(['kind', 'data'])
        .where('property_id', '=', propertyId)
        .orderBy('position')
        .orderBy('id')
        .execute(),
    ]);
    const docByKey = new Map(docs.map((d) => [d.section, d.data]));
    const textsByKind = new Map<string, string[]>();
    for (const r of rows) (textsByKind.get(r.kind) ?? textsByKind.set(r.kind, []).get(r.kind)!).push(r.data);
    // Each list's rows parsed once, on first use: a section's derived facts (x-derived) each read
    // the whole list, and the accessibility section has dozens of them (parsing per derivation
    // was four fifths of a cache miss's CPU).
    const parsed = new Map<string, Record<string, unknown>[]>();
    const rowsOf = (kind: string) => {
      let list = parsed.get(kind);
      if (!list)
        parsed.set(kind, (list = (textsByKind.get(kind) ?? []).map((r) => JSON.parse(r) as Record<string, unknown>)));
      return list;
    };
    // Every document and row completed to its schema (every field, in order); a section never
    // saved reads as the spec's new section. Done once per facts revision: the bytes are cached.
    const { schemas } = services;
    const derivations = derivationsOf(schemas);
    const parts = keyed.map((s) => {
      const derived = s.kind === 'document' ? derivations.get(s.key) : undefined;
      const value =
        s.kind === 'list'
          ? JSON.stringify(schemas.complete(s.ref, rowsOf(s.key), true))
          : derived
            ? // Derived facts (x-derived): counted from the lists' rows, whatever was stored.
              JSON.stringify(
                schemas.complete(
                  s.ref,
                  deriveInto(
                    derived,
                    docByKey.has(s.key) ? JSON.parse(docByKey.get(s.key)!) : { hotel: propertyId },
                    rowsOf,
                  ),
                ),
              )
            : docByKey.has(s.key)
              ? schemas.completeJson(s.ref, docByKey.get(s.key)!)
              : JSON.stringify(schemas.complete(s.ref, { hotel: propertyId }));
      return `${JSON.stringify(s.initKey)}:${value}`;
    });
    return Buffer.from(`{${parts.join(',')}}`);
  }

  return keptAnswers(services.config.initInfoCacheBytes, assemble);
}

/**
 * The answers kept per property under the facts revision they were assembled at (read with the
 * scope check, so every server process agrees when it moves).
 */
export function keptAnswers(
  budget: number,
  assemble: (propertyId: number) => Promise<Buffer>,
): (property: ScopedProperty) => Promise<InitInfoAnswer> {
  // Bounded in bytes (INIT_INFO_CACHE_MB), least recently used out first. It was 256 answers by
  // count: the market's fully filled hotels answer 155 KB each (40 MB for 256), and the bench's
  // 304 hotels asked at random missed one ask in six, each miss 5-7 ms of the node's CPU, most of
  // init-facts-info's CPU under load.
  const cache =
    budget > 0
      ? new LRUCache<number, { rev: number; answer: InitInfoAnswer }>({
          maxSize: budget,
          sizeCalculation: (entry) => Math.max(1, entry.answer.body.length),
        })
      : undefined;
  /** Concurrent first asks of one revision share one assembly. */
  const once = inFlight<InitInfoAnswer>();

  return async (property) => {
    const hit = cache?.get(property.id);
    if (hit && hit.rev === property.factsRev) return hit.answer;
    return once(`${property.id}:${property.factsRev}`, async () => {
      const body = await assemble(property.id);
      const answer = { body, etag: `W/"facts-${property.id}-${property.factsRev}"` };
      // The revision was read before the documents: if a save landed in between, the entry is
      // merely stored under the older revision and rebuilt on the next call. One larger than the
      // whole cache is not kept (lru-cache refuses it anyway).
      if (cache && body.length <= budget) cache.set(property.id, { rev: property.factsRev, answer });
      return answer;
    });
  };
}
