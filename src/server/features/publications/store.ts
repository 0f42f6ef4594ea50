import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { documentsJson, documentsOf, storedDocuments, type SectionDocuments } from './documents.js';

/**
 * Publications: publishing a property is when its facts reach partners. Each publish keeps a
 * snapshot of every section and list as they were; operators (fact sheet, exports, partner API,
 * widget) read the latest snapshot, never the hotel's work in progress. Earlier snapshots stay,
 * so "what changed since I last looked" compares the one an operator saw with the latest.
 */
export interface Publication {
  propertyId: number;
  /** 1 for the first publish of the property. */
  number: number;
  publishedAt: string;
  publishedBy: number | null;
  factsRev: number;
  documents: SectionDocuments;
}

type Row = { property_id: number; number: number; published_at: string; published_by: number | null; facts_rev: number; data: string };

const toPublication = (r: Row): Publication => ({
  propertyId: r.property_id,
  number: r.number,
  publishedAt: r.published_at,
  publishedBy: r.published_by,
  factsRev: r.facts_rev,
  documents: documentsOf(r.data),
});

/** Snapshot the property's facts as stored now; call inside the publish transaction. */
export async function writePublication(trx: Kysely<Database>, propertyId: number, userId: number | null, now: string): Promise<number> {
  const property = await trx.selectFrom('properties').select('facts_rev').where('id', '=', propertyId).executeTakeFirstOrThrow();
  const last = await trx.selectFrom('publications').select((eb) => eb.fn.max('number').as('n')).where('property_id', '=', propertyId).executeTakeFirst();
  const number = Number(last?.n ?? 0) + 1;
  const data = documentsJson(await storedDocuments(trx, propertyId));
  await trx.insertInto('publications').values({ property_id: propertyId, number, facts_rev: property.facts_rev, data, published_by: userId, published_at: now }).execute();
  return number;
}

/** The latest publication of a property, undefined while it was never published. */
export async function latestPublication(db: Kysely<Database>, propertyId: number): Promise<Publication | undefined> {
  const row = await db.selectFrom('publications').selectAll().where('property_id', '=', propertyId).orderBy('number', 'desc').limit(1).executeTakeFirst();
  return row ? toPublication(row) : undefined;
}

export async function publicationByNumber(db: Kysely<Database>, propertyId: number, number: number): Promise<Publication | undefined> {
  const row = await db.selectFrom('publications').selectAll().where('property_id', '=', propertyId).where('number', '=', number).executeTakeFirst();
  return row ? toPublication(row) : undefined;
}
