import type { MessageKey } from '../../../shared/i18n/messages';
import type { memberStatus } from './team-api';

/** A member's access as the page says it (memberStatus names it in English, for code and tests). */
export const STATUS_KEYS: Record<ReturnType<typeof memberStatus>, MessageKey> = {
  Active: 'team.status_active',
  'Invitation pending': 'team.status_pending',
  'Turned off': 'team.status_off',
};
