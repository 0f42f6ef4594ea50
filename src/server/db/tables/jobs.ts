import type { Generated } from 'kysely';

/** Background work and what it leaves: the job queue, its deliveries, exports and bulk edits. */

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
