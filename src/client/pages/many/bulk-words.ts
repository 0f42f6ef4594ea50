import type { BulkEditWire } from '../../../shared/generated/wire-types';
import type { MessageKey } from '../../../shared/i18n/messages';
import type { SectionDefinition } from '../../../shared/section-types';
import { sectionDocument, type ChangeWords } from '../../engine/texts/use-change-words';

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
