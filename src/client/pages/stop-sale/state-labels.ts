import type { StopSaleState } from '../../../shared/generated/value-lists';
import type { MessageKey } from '../../../shared/i18n/messages';

/** The catalogue key of each stop-sale state's name (the value list's labels are English). */
export const STATE_KEYS: Readonly<Record<StopSaleState, MessageKey>> = {
  0: 'stop-sale.state_free',
  1: 'stop-sale.state_open',
  2: 'stop-sale.state_stop',
  3: 'stop-sale.state_request',
  4: 'stop-sale.state_blocked',
};
