import type { MessageKey } from '../../shared/i18n/messages';
import { STOP_SALE_STATES, type StopSaleState } from '../../shared/generated/value-lists';
import { perState, type PerState, type StopSaleStateCode } from '../../shared/stop-sale-states';

/**
 * The catalogue keys of each stop-sale state's words (the schema's labels are English). Keyed by
 * the states' codes, so a state added to schemas/stop-sale/event.schema.json fails the type check
 * here until its words are in the catalogues.
 */
const WORDS: Readonly<Record<StopSaleStateCode, { name: MessageKey; short: MessageKey }>> = {
  free: { name: 'stop-sale.state_free', short: 'operator.event_free' },
  open: { name: 'stop-sale.state_open', short: 'operator.event_open' },
  stop: { name: 'stop-sale.state_stop', short: 'operator.event_stop' },
  request: { name: 'stop-sale.state_request', short: 'operator.event_request' },
  block: { name: 'stop-sale.state_blocked', short: 'operator.event_blocked' },
};

/** Each state's name ("Stop Sale": the chart, its legend, toolbar and bulk dialog), by state number. */
export const STATE_KEYS = Object.fromEntries(STOP_SALE_STATES.map((s) => [s.value, WORDS[s.code].name])) as Readonly<
  Record<StopSaleState, MessageKey>
>;

/** Each state's short word ("Stop": the mapping page's event-code fields), by state number. */
export const STATE_WORD_KEYS: PerState<MessageKey> = perState((s) => WORDS[s.code].short);
