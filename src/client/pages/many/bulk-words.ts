import type { BulkEditWire } from '../../../shared/generated/wire-types';
import type { MessageKey } from '../../../shared/i18n/messages';
import type { SectionDefinition } from '../../../shared/section-types';
import { sectionDocument, type ChangeWords } from '../../engine/texts/use-change-words';
import type { Translate } from '../../i18n';

/** A batch named by what it sets: "Main info: Check-in time and Pets allowed", in the interface's language. */
export const bulkHeading = (
  words: ChangeWords,
  list: (items: readonly string[]) => string,
  batch: { section: string; title: string; fields: readonly { field: string; label: string }[] },
  defs: ReadonlyMap<string, SectionDefinition>,
): string => {
  const doc = sectionDocument(batch.section, defs);
  return `${words.section(batch.section, batch.title)}: ${list(batch.fields.map((f) => words.label(doc, f)))}`;
};

/** A batch's state in words. */
export const STATE_WORDS: Record<BulkEditWire['state'], MessageKey> = {
  queued: 'many.state_queued',
  running: 'many.state_running',
  done: 'many.state_done',
  failed: 'many.state_failed',
  undoing: 'many.state_undoing',
  undone: 'many.state_undone',
};

/** Each count's words in the summary, in the order they are read. */
const COUNT_WORDS: readonly [keyof BulkEditWire['counts'], MessageKey][] = [
  ['applied', 'many.summary_changed'],
  ['same', 'many.summary_same'],
  ['failed', 'many.summary_failed'],
  ['undone', 'many.summary_restored'],
  ['kept', 'many.summary_kept'],
];

/**
 * A batch's summary line: how far it got while it runs, then the counts that are not zero ("3
 * restored", not "0 changed · 3 restored": after an undo nothing is left changed, and saying so
 * reads as if the batch never did anything).
 */
export function batchSummary(t: Translate, batch: Pick<BulkEditWire, 'state' | 'done' | 'total' | 'counts'>): string {
  const running = batch.state === 'queued' || batch.state === 'running' || batch.done < batch.total;
  const counts = COUNT_WORDS.filter(([k]) => batch.counts[k] > 0).map(([k, key]) => t(key, { count: batch.counts[k] }));
  const handled =
    running || !counts.length ? [t('many.summary_handled', { done: batch.done, total: batch.total })] : [];
  return [...handled, ...counts].join(' · ');
}
