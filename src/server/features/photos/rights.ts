import { bool } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { dayOf, heldBack, type HeldBack } from '../../../shared/photo-rights.js';
import type { PhotoRow } from './store.js';

/**
 * THE rule of issue 40 §3: may this photo leave the account (partner API, OTA content, exports,
 * photo zips and mailings, PDFs for partners, the widget)? Not when the hotel said it may not be
 * passed on, nor once its licence has ended (the server's UTC day). Every route that sends photos
 * out filters through `leaving`; nothing else decides it.
 */
export function holdBackReason(row: Pick<PhotoRow, 'pass_on' | 'licence_ends'>, today: string): HeldBack | null {
  return heldBack({ pass_on: bool(row.pass_on), licence_ends: row.licence_ends }, today);
}

/** Today's day as the rule reads it (the services' clock, UTC). */
export const todayOf = (services: Pick<Services, 'clock'>): string => dayOf(services.clock.now());

/** The photos among `rows` that may leave the account today, in their order. */
export function leaving<T extends Pick<PhotoRow, 'pass_on' | 'licence_ends'>>(
  services: Pick<Services, 'clock'>,
  rows: readonly T[],
): T[] {
  const today = todayOf(services);
  return rows.filter((r) => holdBackReason(r, today) === null);
}
