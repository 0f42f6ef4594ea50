import type { Generated, GeneratedAlways } from 'kysely';
import type { EventCodeColumn } from '../../../shared/stop-sale-states.js';
import type { DbBool } from './bool.js';

/** Hotels and tour operators together: contracts, what operators see and add, mappings and photo channels. */

/** A contract between a hotel account and a tour-operator account (both owners' ids). */
export interface ContractsTable {
  id: Generated<number>;
  hotel_account_id: number;
  operator_account_id: number;
  /** The account that started it (a draft is private to it). */
  author_account_id: number;
  /** D Draft, P Pending, C Changed, R Rejected, X Canceled, A Accepted. */
  status: string;
  /** The account whose answer the contract waits for (P, C); null otherwise. */
  turn_account_id: number | null;
  /** Number of the latest version. */
  version: number;
  /** Bumped by every change: a move is written only if the row is still as it was read. */
  rev: number;
  /** The version in force (its terms in accepted_terms), null until accepted. */
  accepted_version: number | null;
  accepted_terms: string | null;
  /**
   * The accepted terms' to_sync_ss and ss_deadline, kept by the database from accepted_terms
   * (migration 0052); null where the terms lack the field (its default applies: partners/terms.ts
   * storedTerm). PostgreSQL answers text, SQLite the JSON's own type.
   */
  accepted_to_sync_ss: GeneratedAlways<string | null>;
  accepted_ss_deadline: GeneratedAlways<string | number | null>;
  /** The accepted terms cover every property of the hotel (else contract_properties lists them). */
  covers_all: DbBool;
  accepted_at: string | null;
  /** A cancelled contract stays in force until then (the notice period). */
  ends_at: string | null;
  canceled_by: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  updated_by: number | null;
}

export interface ContractVersionsTable {
  id: Generated<number>;
  contract_id: number;
  number: number;
  kind: 'proposal' | 'counter' | 'amendment';
  /** The status the version put the contract in (P, C; D while a draft). */
  status: string;
  /** JSON: the version's terms (contract-terms.schema.json). */
  terms: string;
  /** JSON list of {field, label, from, to} against the version before. */
  changes: string;
  proposed_by_account: number;
  proposed_by_user: number | null;
  /** The proposer's name when proposing (kept if the user goes). */
  proposed_by_name: string;
  created_at: string;
  outcome: 'accepted' | 'rejected' | 'withdrawn' | 'countered' | 'superseded' | 'canceled' | null;
  decided_at: string | null;
  decided_by_account: number | null;
}

/** The properties the accepted terms of a contract cover, when they do not cover all. */
export interface ContractPropertiesTable {
  contract_id: number;
  property_id: number;
}

/** The publication an operator last looked at, per property. */
export interface OperatorViewsTable {
  operator_account_id: number;
  property_id: number;
  publication_number: number;
  viewed_at: string;
}

export type OverrideStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn' | 'replaced';

/** One operator's own value of one field of a property. */
export interface OverridesTable {
  id: Generated<number>;
  operator_account_id: number;
  property_id: number;
  field: string;
  /** JSON. */
  value: string;
  /** JSON: the hotel's published value when proposed. */
  hotel_value: string;
  status: OverrideStatus;
  comment: string | null;
  created_by: number | null;
  created_at: string;
  decided_by: number | null;
  decided_at: string | null;
  decision_comment: string | null;
  /** JSON: the hotel's value published after the override (drift), and when. */
  drift_value: string | null;
  drift_at: string | null;
}

/** A hotel photo released to an operator whose contract allows photos only with approval (E). */
export interface PhotoReleasesTable {
  operator_account_id: number;
  photo_id: number;
  property_id: number;
  released_by: number | null;
  released_at: string;
}

/** An operator's own photo of a property (contract to_add_own_photos). */
export interface OperatorPhotosTable {
  id: Generated<number>;
  operator_account_id: number;
  property_id: number;
  name: string | null;
  format: string;
  original_key: string;
  display_key: string;
  thumbnail_key: string;
  width: number;
  height: number;
  bytes: number;
  status: 'approved' | 'pending' | 'rejected';
  uploaded_by: number | null;
  created_at: string;
  decided_by: number | null;
  decided_at: string | null;
  decision_comment: string | null;
}

/**
 * Event codes an operator's systems use for the stop-sale states: a column per state, named by its
 * code. The type follows the states; the columns do not: a new state needs a migration adding its
 * column to hotel_mappings and room_mappings.
 */
export type EventCodeColumns = { [C in EventCodeColumn]: string | null };

export interface HotelMappingsTable extends EventCodeColumns {
  id: Generated<number>;
  operator_account_id: number;
  property_id: number;
  override_code: string | null;
  local_id: string | null;
  external_id: string | null;
  supplying_name: string | null;
  updated_by: number | null;
  updated_at: string;
}

export interface RoomMappingsTable extends EventCodeColumns {
  id: Generated<number>;
  operator_account_id: number;
  property_id: number;
  /** A room row (fact_rows, kind room); the row stays when the hotel deletes the room. */
  room_id: number;
  linked: DbBool;
  link_date: string | null;
  override_code: string | null;
  new_name: string | null;
  /** The hotel's room name when mapped. */
  original_name: string | null;
  updated_by: number | null;
  updated_at: string;
}

/** A channel a tour operator passes its hotels' photos on to (a key of schemas/partner-photo-rules.json). */
export interface PhotoChannelsTable {
  account_id: number;
  channel: string;
}
