import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { SchemaRegistry } from '../../routing/schema-registry.js';
import { documentsJson, documentsOf, storedDocuments, type SectionDocuments } from './documents.js';
import { factsRevisionOf } from '../properties/index.js';

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
  /** Percent of the section fields filled when published. */
  completeness: number;
  documents: SectionDocuments;
}

/** A published room, as operators map it. */
export interface PublishedRoom {
  id: number;
  name: string;
  type: string | null;
  view: string | null;
}

/** The rooms of a snapshot's documents. */
export function roomsOf(documents: SectionDocuments): PublishedRoom[] {
  const rows = documents.get('room');
  return (Array.isArray(rows) ? rows : []).map((r) => ({
    id: Number(r.id),
    name: typeof r.room_name === 'string' ? r.room_name : '',
    type: typeof r.room_name_type === 'string' ? r.room_name_type : null,
    view: typeof r.room_view === 'string' ? r.room_view : null,
  }));
}

/** The rooms of a property's latest publication (none while never published). */
export async function publishedRooms(db: Kysely<Database>, propertyId: number): Promise<PublishedRoom[]> {
  const row = await db
    .selectFrom('publications')
    .select('rooms')
    .where('property_id', '=', propertyId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? (JSON.parse(row.rooms) as PublishedRoom[]) : [];
}

type Row = {
  property_id: number;
  number: number;
  published_at: string;
  published_by: number | null;
  facts_rev: number;
  completeness: number;
  data: string;
};

const toPublication = (r: Row): Publication => ({
  propertyId: r.property_id,
  number: r.number,
  publishedAt: r.published_at,
  publishedBy: r.published_by,
  factsRev: r.facts_rev,
  completeness: r.completeness,
  documents: documentsOf(r.data),
});

/** Snapshot the property's facts as stored now; call inside the publish transaction. */
export async function writePublication(
  trx: Kysely<Database>,
  propertyId: number,
  userId: number | null,
  now: string,
  completeness: number,
  /** The schemas: the snapshot carries the derived facts (x-derived) counted from its lists. */
  registry: SchemaRegistry,
): Promise<{ number: number; documents: SectionDocuments }> {
  const factsRev = await factsRevisionOf(trx, propertyId);
  const last = await trx
    .selectFrom('publications')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('property_id', '=', propertyId)
    .executeTakeFirst();
  const number = Number(last?.n ?? 0) + 1;
  const documents = await storedDocuments(trx, registry, propertyId);
  const rooms = JSON.stringify(roomsOf(documents));
  await trx
    .insertInto('publications')
    .values({
      property_id: propertyId,
      number,
      facts_rev: factsRev,
      data: documentsJson(documents),
      completeness,
      rooms,
      published_by: userId,
      published_at: now,
    })
    .execute();
  return { number, documents };
}

/** The latest publication of a property, undefined while it was never published. */
export async function latestPublication(db: Kysely<Database>, propertyId: number): Promise<Publication | undefined> {
  const row = await db
    .selectFrom('publications')
    .selectAll()
    .where('property_id', '=', propertyId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toPublication(row) : undefined;
}

/** Which publication is the latest (its number and date, not its facts), undefined while never published. */
export async function latestPublicationHead(
  db: Kysely<Database>,
  propertyId: number,
): Promise<{ number: number; publishedAt: string } | undefined> {
  const row = await db
    .selectFrom('publications')
    .select(['number', 'published_at'])
    .where('property_id', '=', propertyId)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { number: row.number, publishedAt: row.published_at } : undefined;
}

/** One publication's number and date (not its facts), undefined when the property has no such publication. */
export async function publicationHead(
  db: Kysely<Database>,
  propertyId: number,
  number: number,
): Promise<{ number: number; publishedAt: string } | undefined> {
  const row = await db
    .selectFrom('publications')
    .select(['number', 'published_at'])
    .where('property_id', '=', propertyId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row ? { number: row.number, publishedAt: row.published_at } : undefined;
}

export async function publicationByNumber(
  db: Kysely<Database>,
  propertyId: number,
  number: number,
): Promise<Publication | undefined> {
  const row = await db
    .selectFrom('publications')
    .selectAll()
    .where('property_id', '=', propertyId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row ? toPublication(row) : undefined;
}
