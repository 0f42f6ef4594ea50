import type { NotificationType } from './types.js';
import type { Words } from './words.js';

/**
 * One event, told to one account. Features call `tell(services, trx, event)` inside the
 * transaction of the change it reports, so the notification, its mail and its live signal exist
 * exactly when the change does.
 */
export interface NotificationEvent {
  /** What happened (types.ts: who hears it, which preferences apply, how bursts merge). */
  type: NotificationType;
  /** The account told: its owner's user id. Its owner and the members the type concerns are told. */
  accountId: number;
  /**
   * The property the event is about. Members of the told account who are not allowed this
   * property (when it is the account's own) are not told; a burst is per property.
   */
  propertyId?: number | null;
  /** One line for the bell, e.g. "Hotel Sol published new facts for Sol Beach" (each recipient's language). */
  message: Words;
  /** The page where it is handled, e.g. /contract-view/12. */
  link: string | null;
  /** The record it is about (a contract, a send...). */
  extraId?: number | null;
  /** The mail of a type that has one (its mail preference decides): subject and the body before the link. */
  mail?: { subject: Words; body: Words };
  /** The person who caused it: not told of their own act. */
  actorUserId?: number | null;
  /**
   * For a coalescing type: what this event is about, item by item (JSON-able), and how a message
   * names a list of them. An event joining a burst then answers the message of the whole burst's
   * items (oldest first), so a coalesced notification names everything of its burst, not only
   * the last event.
   */
  detail?: BurstDetail;
}

export interface BurstDetail {
  items: readonly unknown[];
  message(items: readonly unknown[]): Words;
}
