import type { Generated } from 'kysely';
import type { EventCodeColumn } from '../../shared/stop-sale-states.js';

/**
 * Table shapes as Kysely sees them. Timestamps are ISO 8601 UTC text and JSON documents are
 * text on both dialects, so rows read the same from SQLite and PostgreSQL; booleans read back
 * as 0/1 from SQLite and true/false from PostgreSQL (see `bool`).
 */
export type DbBool = boolean | number;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  password_hash: string;
  account_type: string;
  first_name: string;
  last_name: string;
  phone: string;
  title: string;
  country: string;
  language: string;
  manager_id: number | null;
  is_active: DbBool;
  genuine: DbBool;
  premium_active: DbBool;
  is_staff: DbBool;
  last_password_change: string | null;
  date_joined: string;
  last_login: string | null;
  deactivated_at: string | null;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  client_ip: string | null;
  user_agent: string | null;
  /** The last fresh proof of who uses the session (sign-in, step-up); null: none yet. */
  proved_at: string | null;
}

export interface OneTimeTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'activation' | 'reset' | 'invitation';
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface LoginThrottleTable {
  key: string;
  attempts: number;
  window_start: string;
}

export interface PermissionsTable {
  id: Generated<number>;
  user_id: number;
  role: string | null;
  properties_allowed: string;
  properties: DbBool;
  facts: DbBool;
  photos: DbBool;
  stop_sales: DbBool;
  stop_sale_room_types: DbBool;
  stop_sale_contact_list: DbBool;
  stop_sale_publishing: DbBool;
  company: DbBool;
  export: DbBool;
  developer_tools: DbBool;
  partner_connections: DbBool;
  premium_subscription: DbBool;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  notification_type: string;
  message: string;
  is_read: DbBool;
  extra_id: number | null;
  link: string | null;
  /** The latest event's time (a coalesced burst moves it). */
  created_at: string;
  /** The property the event is about, if any. */
  property_id: number | null;
  /** How many events this notification stands for (a burst coalesced into one). */
  count: Generated<number>;
  /** When the burst began: later events of the same type and property join it within the type's window. */
  window_start: string | null;
  /** JSON list: the detail of every event of the burst (oldest first), when its type keeps one (its message names them all). */
  burst: string | null;
}

/** Single-use tickets for the notification stream (EventSource sends no headers). */
export interface NotificationTicketsTable {
  id: Generated<number>;
  ticket_hash: string;
  user_id: number;
  token_id: number;
  expires_at: string;
  used_at: string | null;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  message: string;
  active: DbBool;
  created_at: string;
}

export interface FeatureUpdatesTable {
  id: Generated<number>;
  message_date: string;
  message_category: string;
  message_header: string;
  message_body: string;
  created_at: string;
}

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

export interface AuditEventsTable {
  id: Generated<number>;
  account_id: number;
  actor_id: number | null;
  actor_email: string | null;
  kind: string;
  action: string;
  property_id: number | null;
  subject: string | null;
  subject_id: number | null;
  summary: string;
  /** JSON list of {field, label, from, to}. */
  changes: string;
  ip: string | null;
  created_at: string;
}

export interface CompaniesTable {
  /** The owner's id: one company profile per account. */
  account_id: number;
  /** The wire document of the company form's fields (the logo lives in logo_key). */
  data: string;
  logo_key: string | null;
  created_at: string;
  updated_at: string;
  updated_by: number | null;
}

export interface PreferencesTable {
  account_id: number;
  /** The wire document of the preferences (plan and the read-only fields aside). */
  data: string;
  /** F Free or P Premium: set by staff when an upgrade is granted. */
  plan: string;
  created_at: string;
  updated_at: string;
  updated_by: number | null;
}

export interface MailingListsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  description: string;
  date_created: string;
  created_by: number | null;
}

export interface MailingContactsTable {
  id: Generated<number>;
  mailing_list_id: number;
  account_id: number;
  name: string;
  title: string;
  email_address: string;
  location: string;
  phone: string;
  created_at: string;
}

export interface PremiumRequestsTable {
  id: Generated<number>;
  account_id: number;
  requested_by: number | null;
  plan: string;
  duration: number;
  message: string;
  status: 'pending' | 'granted';
  created_at: string;
  granted_at: string | null;
  granted_by: number | null;
}

export interface TwoFactorTable {
  user_id: number;
  /** Base32 TOTP key. */
  secret: string;
  /** null while enrolment waits for its confirming code. */
  enabled_at: string | null;
  /** The last time step a code was accepted for: a code is never accepted twice. */
  last_step: number | null;
  created_at: string;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the normalised code. */
  code_hash: string;
  used_at: string | null;
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

export type JobState = 'queued' | 'running' | 'done' | 'dead';

export interface JobsTable {
  id: Generated<number>;
  /** The handler's name, e.g. exports.send-facts (see src/server/jobs/). */
  queue: string;
  /** JSON. */
  payload: string;
  state: JobState;
  /** The account the job works for (its history and retries are shown there); null for system jobs. */
  account_id: number | null;
  /** Not before this time (ISO); a retry moves it by the back-off. */
  run_at: string;
  /** Claims so far, the running one included. */
  attempts: number;
  max_attempts: number;
  /** While running: the claim holds until then; a lapsed lease lets another worker take the job. */
  lease_until: string | null;
  /** The claim: worker id and attempt; deliveries in progress carry it too. */
  locked_by: string | null;
  last_error: string | null;
  /** JSON the handler answered. */
  result: string | null;
  /** Unique: a second enqueue with the same key answers the first job. */
  dedupe_key: string | null;
  /** 1: the key is released when the job finishes (no two alike at once); 0: held for good. */
  dedupe_while_active: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export type DeliveryState = 'pending' | 'sending' | 'sent' | 'failed';

export interface JobDeliveriesTable {
  id: Generated<number>;
  job_id: number;
  position: number;
  /** An e-mail address (or a webhook URL): unique within its job. */
  recipient: string;
  name: string;
  /** What the recipient came from (a mailing contact's id). */
  ref_id: number | null;
  state: DeliveryState;
  /** The job claim that is sending it (a claim that is gone means the send was interrupted). */
  claim: string | null;
  attempts: number;
  last_error: string | null;
  /** The Message-ID the mail carries, the same on every attempt. */
  message_id: string | null;
  sent_at: string | null;
  updated_at: string;
}

export interface ExportSendsTable {
  id: Generated<number>;
  job_id: number;
  account_id: number;
  property_id: number;
  /** facts or photos (later: stop-sale). */
  kind: string;
  /** null once the group is deleted (its name stays). */
  group_id: number | null;
  group_name: string;
  layout: string | null;
  language: string;
  /** JSON of further choices (the chart's month...). */
  options: string;
  created_by: number | null;
  created_by_email: string | null;
  created_at: string;
}

export interface ExportLinksTable {
  id: Generated<number>;
  /** SHA-256 of the link's random token. */
  token_hash: string;
  account_id: number;
  property_id: number;
  send_id: number | null;
  delivery_id: number | null;
  /** photos */
  kind: string;
  expires_at: string;
  downloads: number;
  last_download_at: string | null;
  created_at: string;
}

/** A tour operator's bulk export (features/operator-exports): choices, progress and the zip. */
export interface OperatorExportsTable {
  id: Generated<number>;
  job_id: number;
  account_id: number;
  created_by: number | null;
  created_by_email: string | null;
  /** JSON array of pdf, photos, json, csv. */
  contents: string;
  layout: string;
  language: string;
  /** Hotels chosen; done counts those written to the zip. */
  total: number;
  done: number;
  /** The finished zip in storage; null until done and again once expired. */
  file_key: string | null;
  size: number | string | null;
  expires_at: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface OperatorExportHotelsTable {
  id: Generated<number>;
  export_id: number;
  property_id: number;
  position: number;
  /** When the hotel was told of this export (once per export, whatever the retries). */
  notified_at: string | null;
}

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

export interface WidgetsTable {
  id: Generated<number>;
  account_id: number;
  property_id: number;
  /** Public: the embed carries it; it names the widget, never an account's secret. */
  token: string;
  /** JSON of the appearance fields of settings/widget.schema.json. */
  data: string;
  date_created: string;
  updated_at: string;
}

export interface WhitelistsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  /** As the account typed it. */
  domain: string;
  /** JSON list of the parsed entries: addresses, CIDR ranges (normalised), origins. */
  entries: string;
  date_created: string;
  created_by: number | null;
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

export interface ApiKeysTable {
  id: Generated<number>;
  account_id: number;
  title: string;
  description: string;
  whitelist_id: number;
  /** YYYY-MM-DD: the last day the key works; null: no expiry. */
  expires_at: string | null;
  fact_sheet: DbBool;
  stop_sale: DbBool;
  hotel_photos: DbBool;
  prefix: string;
  /** SHA-256 (hex) of the whole secret; the secret itself is never stored. */
  secret_hash: string;
  /** The secret before the last rotation, valid until previous_valid_until. */
  previous_hash: string | null;
  previous_valid_until: string | null;
  date_created: string;
  created_by: number | null;
  last_used_at: string | null;
}

export interface ApiKeyUsageTable {
  key_id: number;
  account_id: number;
  /** YYYY-MM-DD (UTC). */
  day: string;
  calls: number;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  account_id: number;
  url: string;
  /** JSON list of event names. */
  events: string;
  active: DbBool;
  /** The whsec_ signing secret, sealed with the server key (SecretBox, context webhook:<id>... see webhooks.ts). */
  secret: string;
  date_created: string;
  created_by: number | null;
  /** Failed attempts in a row (any delivery); a success sets it back to 0. */
  consecutive_failures: Generated<number>;
  /** Set when the endpoint was paused for failing (nothing is sent until its owner resumes it). */
  paused_at: string | null;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  account_id: number;
  property_id: number | null;
  event: string;
  /** The webhook-id header: the same on every attempt and redelivery (receivers dedupe on it). */
  message_id: string;
  /** JSON: the body sent. */
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  response_code: number | null;
  attempts: number;
  created_at: string;
  last_attempt_at: string | null;
  delivered_at: string | null;
  /** Why the last attempt failed (no answer, refused address, connection error); null after a 2xx. */
  last_error: string | null;
}

/** A section's explicit "still correct" and its last freshness reminder (features/next-steps). */
export interface FactConfirmationsTable {
  property_id: number;
  section: string;
  confirmed_at: string | null;
  confirmed_by: number | null;
  reminded_at: string | null;
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

/** A bulk edit batch (features/bulk-edit): phase apply or undo; values is the JSON of the new values. */
export interface BulkEditsTable {
  id: Generated<number>;
  account_id: number;
  created_by: number | null;
  created_by_email: string | null;
  ip: string | null;
  section: string;
  new_values: string;
  job_id: number | null;
  undo_job_id: number | null;
  phase: string;
  total: number;
  done: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  undone_at: string | null;
}

/** One property of a bulk edit: outcome, and (JSON) its values before and after for undo. */
export interface BulkEditItemsTable {
  id: Generated<number>;
  batch_id: number;
  property_id: number;
  position: number;
  outcome: string;
  before: string | null;
  after: string | null;
  changes: string | null;
  message: string | null;
  /** The section's version before the batch (what undo restores; null: never saved) and the one the batch saved. */
  version_before: number | null;
  version_after: number | null;
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

/** A certificate (fact row) reminded of for an end date, at a stage (expiring, expired). */
export interface CertificateRemindersTable {
  property_id: number;
  row_id: number;
  valid_to: string;
  stage: string;
  reminded_at: string;
}

export interface LicenceRemindersTable {
  photo_id: number;
  licence_ends: string;
  /** The reminder's days ahead (LICENCE_REMINDER_DAYS: 30 or 7). */
  stage: number;
  reminded_at: string;
}

/** A channel a tour operator passes its hotels' photos on to (a key of schemas/partner-photo-rules.json). */
export interface PhotoChannelsTable {
  account_id: number;
  channel: string;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  one_time_tokens: OneTimeTokensTable;
  login_throttle: LoginThrottleTable;
  permissions: PermissionsTable;
  notifications: NotificationsTable;
  notification_tickets: NotificationTicketsTable;
  announcements: AnnouncementsTable;
  feature_updates: FeatureUpdatesTable;
  properties: PropertiesTable;
  fact_sections: FactSectionsTable;
  fact_rows: FactRowsTable;
  fact_revisions: FactRevisionsTable;
  audit_events: AuditEventsTable;
  photos: PhotosTable;
  companies: CompaniesTable;
  preferences: PreferencesTable;
  mailing_lists: MailingListsTable;
  whitelists: WhitelistsTable;
  widgets: WidgetsTable;
  api_keys: ApiKeysTable;
  api_key_usage: ApiKeyUsageTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  mailing_contacts: MailingContactsTable;
  premium_requests: PremiumRequestsTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  jobs: JobsTable;
  job_deliveries: JobDeliveriesTable;
  export_sends: ExportSendsTable;
  export_links: ExportLinksTable;
  contracts: ContractsTable;
  contract_versions: ContractVersionsTable;
  contract_properties: ContractPropertiesTable;
  publications: PublicationsTable;
  operator_views: OperatorViewsTable;
  overrides: OverridesTable;
  photo_releases: PhotoReleasesTable;
  operator_photos: OperatorPhotosTable;
  hotel_mappings: HotelMappingsTable;
  room_mappings: RoomMappingsTable;
  operator_exports: OperatorExportsTable;
  operator_export_hotels: OperatorExportHotelsTable;
  fact_confirmations: FactConfirmationsTable;
  stop_sale_events: StopSaleEventsTable;
  bulk_edits: BulkEditsTable;
  bulk_edit_items: BulkEditItemsTable;
  impossible_dates: ImpossibleDatesTable;
  certificate_documents: CertificateDocumentsTable;
  certificate_reminders: CertificateRemindersTable;
  licence_reminders: LicenceRemindersTable;
  photo_channels: PhotoChannelsTable;
}

export function bool(v: DbBool | null | undefined): boolean {
  return v === true || v === 1;
}
