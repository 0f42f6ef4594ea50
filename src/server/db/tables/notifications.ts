import type { Generated } from 'kysely';
import type { DbBool } from './bool.js';

/** What tells users of things: notifications, announcements, feature updates and the next-steps reminders. */

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

/** A section's explicit "still correct" and its last freshness reminder (features/next-steps). */
export interface FactConfirmationsTable {
  property_id: number;
  section: string;
  confirmed_at: string | null;
  confirmed_by: number | null;
  reminded_at: string | null;
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
