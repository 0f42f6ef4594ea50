import type { MessageKey } from '../../../shared/i18n/messages';

/** The spec's words (000 §8), spelling included in English: their catalogue keys. */
export const MESSAGES = {
  downloaded: 'exports.sheet_downloaded',
  notPublished: 'exports.not_published',
  failed: 'exports.download_failed',
  selectGroup: 'exports.select_group',
} as const satisfies Record<string, MessageKey>;

/** Logged only (spec 000 §8: a chart failure is not shown), so it stays in English like every log line. */
export const CHART_FAILED_LOG = 'Failed to download the availability chart';
