import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { SchemaRegistry } from '../../routing/schema-registry.js';
import { withDerived } from '../facts/index.js';

/** A section's stored facts: the document, or the list's rows in order. */
export type SectionDocuments = Map<string, Record<string, unknown> | Record<string, unknown>[]>;

/**
 * The property's facts as stored now, every section and list (the hotel's work in progress
 * included), with the derived facts (x-derived) counted from its lists.
 */
export async function storedDocuments(
  db: Kysely<Database>,
  registry: SchemaRegistry,
  propertyId: number,
): Promise<SectionDocuments> {
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
  const out: SectionDocuments = new Map();
  for (const d of docs) out.set(d.section, JSON.parse(d.data) as Record<string, unknown>);
  for (const r of rows) {
    const list = (out.get(r.kind) as Record<string, unknown>[] | undefined) ?? [];
    list.push(JSON.parse(r.data) as Record<string, unknown>);
    out.set(r.kind, list);
  }
  return withDerived(registry, out, propertyId);
}

/** The documents as one JSON object (a publication's data), keys sorted so equal facts give equal text. */
export function documentsJson(documents: SectionDocuments): string {
  return JSON.stringify(Object.fromEntries([...documents.entries()].sort(([a], [b]) => a.localeCompare(b))));
}

export function documentsOf(json: string): SectionDocuments {
  return new Map(
    Object.entries(JSON.parse(json) as Record<string, Record<string, unknown> | Record<string, unknown>[]>),
  );
}
