import type { PermissionFlag } from '../../../shared/bundle-types.js';
import type { NotificationTypeOption } from '../../../shared/generated/value-lists.js';
import type { PreferencesWire } from '../../../shared/generated/wire-types.js';

/**
 * Every kind of notification an event creates: the kinds and their labels (EN, ES, RU, FA) are
 * the option list schemas/options/notificationTypes.json (codegen's NotificationTypeOption); the
 * rules below say who of the told account hears each, which of its preferences turn the bell and
 * the mail on or off, and how bursts are coalesced. A kind told through tell() is one with a rule
 * (the premium kinds are written directly by premium/premium.ts). A feature that needs a new kind
 * adds it to the option list and gives it a rule here: a kind of the list without a rule (and not
 * one of the DIRECT kinds), or a rule for a kind the list lacks, fails the type check.
 */
export type NotificationType = keyof typeof RULES;

type BooleanKeys<T> = { [K in keyof T]-?: NonNullable<T[K]> extends boolean ? K : never }[keyof T];
/** A preference that turns something on or off (notify_* for the bell, *_mail for mail). */
export type PreferenceFlag = BooleanKeys<PreferencesWire> & string;

export interface TypeRule {
  /** The told account's preference for the bell; null: always rung. */
  bell: PreferenceFlag | null;
  /**
   * The told account's preference for mail (to the owner and the preferences' addresses); null: no
   * mail; 'always': a mail no preference turns off (something of the account stopped working).
   */
  mail: PreferenceFlag | 'always' | null;
  /** What a member (sub-user) needs to hear it; the owner always does. null: every member. */
  flag: PermissionFlag | null;
  /** Events of this type about one property within this window are one notification per person; 0: never coalesced. */
  coalesceMs: number;
}

/** The kinds written directly, never told through tell() (settings/premium.ts: to staff, to the account): no rule. */
type DirectType = Extract<NotificationTypeOption, 'premium' | 'premium-request'>;

const MINUTE = 60_000;
/** A hotel saving and publishing section after section is one piece of news, not ten. */
export const BURST_WINDOW_MS = 10 * MINUTE;

const RULES = {
  // Contract moves are each a decision the other side must see: never merged.
  partnership_request: {
    bell: 'notify_partnership_request',
    mail: 'partnership_new_mail',
    flag: 'partner_connections',
    coalesceMs: 0,
  },
  partnership_change: {
    bell: 'notify_partnership_changes',
    mail: 'partnership_changes_mail',
    flag: 'partner_connections',
    coalesceMs: 0,
  },
  // To contracted operators: what they receive changed.
  facts_published: { bell: 'notify_fact_sheet_changes', mail: null, flag: null, coalesceMs: BURST_WINDOW_MS },
  facts_changed: { bell: 'notify_fact_sheet_changes', mail: null, flag: null, coalesceMs: BURST_WINDOW_MS },
  stop_sale_changed: { bell: 'notify_fact_sheet_changes', mail: null, flag: null, coalesceMs: BURST_WINDOW_MS },
  room_changed: {
    bell: 'notify_fact_sheet_changes',
    mail: null,
    flag: 'partner_connections',
    coalesceMs: BURST_WINDOW_MS,
  },
  // To the hotel: its fact sheet went out (an operator took it, or a send to a mailing group finished).
  fact_sheet_download: {
    bell: 'notify_fact_sheet_download',
    mail: null,
    flag: 'properties',
    coalesceMs: BURST_WINDOW_MS,
  },
  fact_sheet_sent: { bell: 'notify_fact_sheet_download', mail: null, flag: 'properties', coalesceMs: 0 },
  // Overrides: the hotel reviews (facts), the operator hears the outcome (partner_connections).
  override_pending: { bell: 'notify_fact_review', mail: null, flag: 'facts', coalesceMs: BURST_WINDOW_MS },
  override_approved: {
    bell: 'notify_fact_review',
    mail: null,
    flag: 'partner_connections',
    coalesceMs: BURST_WINDOW_MS,
  },
  override_rejected: {
    bell: 'notify_fact_review',
    mail: null,
    flag: 'partner_connections',
    coalesceMs: BURST_WINDOW_MS,
  },
  override_drift: { bell: 'notify_fact_review', mail: null, flag: 'partner_connections', coalesceMs: BURST_WINDOW_MS },
  // The account's own limit: no preference turns it off; once a day at most.
  // An operator's own photos of a hotel: the hotel approves them (photos flag), the operator hears the outcome.
  partner_photos_pending: { bell: 'notify_fact_review', mail: null, flag: 'photos', coalesceMs: BURST_WINDOW_MS },
  partner_photos_decided: {
    bell: 'notify_fact_review',
    mail: null,
    flag: 'partner_connections',
    coalesceMs: BURST_WINDOW_MS,
  },
  photo_quota: { bell: null, mail: null, flag: 'photos', coalesceMs: 24 * 60 * MINUTE },
  // The hotel's own reminder (features/next-steps/reminders.ts): sections to confirm; once per section, so never merged away.
  facts_stale: { bell: null, mail: null, flag: 'facts', coalesceMs: 0 },
  // The hotel's reminder that photos' licences end soon (features/next-steps/licence-reminders.ts): each a date to act by.
  photo_licence_ending: { bell: null, mail: null, flag: 'photos', coalesceMs: 0 },
  // Sustainability certificates ending within 60 days or ended (features/next-steps/certificate-reminders.ts):
  // once per certificate, end date and stage, so never merged away.
  certificate_expiry: { bell: null, mail: null, flag: 'facts', coalesceMs: 0 },
  // A webhook endpoint paused for failing (features/webhooks/pause.ts, told by notifications/webhook-paused.ts): whoever runs the
  // developer tools must act, so the bell and the mail are always on.
  webhook_paused: { bell: null, mail: 'always', flag: 'developer_tools', coalesceMs: 0 },
  // A bulk edit (or its undo) finished (features/portfolio): one notification per batch, never one
  // per property, and batches within the window merge; whoever edits facts hears it, its starter too.
  bulk_edit_done: { bell: null, mail: null, flag: 'facts', coalesceMs: BURST_WINDOW_MS },
} satisfies Record<Exclude<NotificationTypeOption, DirectType>, TypeRule>;

export const NOTIFICATION_TYPES: Readonly<Record<NotificationType, TypeRule>> = RULES;

export const isNotificationType = (value: string): value is NotificationType =>
  Object.hasOwn(NOTIFICATION_TYPES, value);
