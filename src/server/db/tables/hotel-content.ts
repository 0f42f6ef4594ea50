import type { Generated, GeneratedAlways } from 'kysely';
import type { DbBool } from './bool.js';

/** A hotel's content: properties, facts, publications, photos, stop-sale days and certificate documents. */

export interface PropertiesTable {
  id: Generated<number>;
  account_id: number;
  hotel_name: string;
  country: string;
  state: string;
  city: string;
  publish_date: string | null;
  logo_key: string | null;
  /** Bumped by every change to the property's facts (sections and rows). */
  facts_rev: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface FactSectionsTable {
  property_id: number;
  section: string;
  /** The whole wire document (id, hotel and version included), ready to send. */
  data: string;
  version: number;
  updated_at: string;
  updated_by: number | null;
}

export interface FactRowsTable {
  id: Generated<number>;
  property_id: number;
  kind: string;
  position: number;
  /** The whole wire row (id and hotel included), ready to send. */
  data: string;
  updated_at: string;
  updated_by: number | null;
  /** A room row's room_name, kept by the database from `data` (migration 0051); null for other kinds. */
  room_name: GeneratedAlways<string | null>;
}

export interface FactRevisionsTable {
  id: Generated<number>;
  property_id: number;
  section: string;
  revision: number;
  /** The whole wire document, or the list's rows in order (JSON text). */
  data: string;
  action: string;
  restored_from: number | null;
  actor_id: number | null;
  actor_email: string | null;
  created_at: string;
}

/** What a property's publish made visible to partners: every section and list as stored then. */
export interface PublicationsTable {
  id: Generated<number>;
  property_id: number;
  /** 1 for the property's first publish. */
  number: number;
  /** properties.facts_rev when published. */
  facts_rev: number;
  /** JSON: {sections: {key: document}, lists: {kind: rows}} (see features/publications). */
  data: string;
  /** Percent of the section fields filled when published. */
  completeness: number;
  /** JSON list of the published rooms {id, name, type, view}. */
  rooms: string;
  published_by: number | null;
  published_at: string;
}

export interface PhotosTable {
  id: Generated<number>;
  property_id: number;
  /** The owner of the property's account (the photo quota counts per account). */
  account_id: number;
  name: string | null;
  alt: string | null;
  category: string | null;
  description: string | null;
  /** 1 for the first photo of the property's gallery. */
  sequence: number;
  /** A room row (fact_rows, kind room) of the same property; null when none or when the room was deleted. */
  room_id: number | null;
  featured: Generated<DbBool>;
  /** Format of the stored original: jpeg, png, webp or gif. */
  format: string;
  original_key: string;
  display_key: string;
  thumbnail_key: string;
  /** Of the stored original. */
  width: number;
  height: number;
  bytes: number;
  uploaded_by: number | null;
  /** The uploader's display name when uploading (kept if the user goes). */
  uploaded_by_name: string | null;
  /** Who took the photo, as it is to be credited. */
  credit: Generated<string | null>;
  /** One of PHOTO_LICENCES (src/shared/photo-rights.ts); null when not recorded. */
  licence: Generated<string | null>;
  /** Whom the photo is licensed from (licence 'licensed'). */
  licence_holder: Generated<string | null>;
  /** The last day (YYYY-MM-DD, UTC) the licence covers; null when it does not end. */
  licence_ends: Generated<string | null>;
  /** False: the photo never leaves the account. */
  pass_on: Generated<DbBool>;
  /** Perceptual hash of the photo (photos/similar.ts), 32 hex digits; null for photos uploaded before it. */
  phash: Generated<string | null>;
  /** The photo of the gallery this one looked like when it was uploaded; null when none (or that one is gone). */
  similar_to: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

/** One room's state on one calendar day (features/stop-sale). */
export interface StopSaleEventsTable {
  id: Generated<number>;
  property_id: number;
  /** A room row (fact_rows, kind room) of the property. */
  room_id: number;
  /** YYYY-MM-DD, a calendar date (no time zone). */
  date: string;
  /** 0 Free Sale, 1 Open Sale, 2 Stop Sale, 3 On Request, 4 Blocked. */
  color: number;
  updated_by: number | null;
  updated_at: string;
}

/** An uploaded sustainability certificate document (issue 40 part 2): owned by the sustainability feature. */
export interface CertificateDocumentsTable {
  id: Generated<number>;
  property_id: number;
  storage_key: string;
  /** pdf, jpeg, png or webp: judged from the content. */
  format: string;
  filename: string;
  bytes: number;
  uploaded_by: number | null;
  uploaded_at: string;
  /** When an Ananas staff member checked it against its issuer; null until then. */
  checked_at: string | null;
  checked_by: number | null;
}

/**
 * A stored date that names no calendar day (2027-02-30), as migration 0038 found it: written by
 * that migration only, logged at start (db/impossible-dates.ts). Nothing reads it otherwise.
 */
export interface ImpossibleDatesTable {
  id: Generated<number>;
  /** The table it is stored in: fact_sections, fact_rows, publications, overrides, api_keys, stop_sale_events. */
  found_in: string;
  property_id: number | null;
  /** The fact section or list (fact_sections, fact_rows), or "publication <n>". */
  section: string | null;
  /** The row's id in `found_in` (a list row, publication, override, key or stop-sale day). */
  row_id: number | null;
  /** Where in the stored value: a dot-joined path into its JSON (list rows by index), or the column. */
  field: string;
  value: string;
  found_at: string;
}
