import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { tell } from '../notifications/index.js';
import { sectionTitle, type SectionInfo } from '../facts/index.js';
import { t } from '../../i18n/index.js';
import type { Language } from '../../../shared/i18n/languages.js';
import type { BatchRow } from './bulk-store.js';

/** What a batch did, in `lang`: "48 properties changed, 2 failed" (the counts that are not zero, besides the first). */
function results(lang: Language, counts: Record<string, number>, undo: boolean): string {
  const parts = undo
    ? [
        t(lang, 'notification.bulk_edit_done.restored', { count: counts.undone ?? 0 }),
        counts.kept ? t(lang, 'notification.bulk_edit_done.kept', { count: counts.kept }) : '',
      ]
    : [
        t(lang, 'notification.bulk_edit_done.changed', { count: counts.applied ?? 0 }),
        counts.same ? t(lang, 'notification.bulk_edit_done.same', { count: counts.same }) : '',
        counts.failed ? t(lang, 'notification.bulk_edit_done.failed', { count: counts.failed }) : '',
      ];
  return parts.filter(Boolean).join(t(lang, 'notification.list.comma'));
}

/**
 * One notification for a whole batch (never one per property): "Bulk edit of Main info: 48
 * properties changed, 2 failed". Its starter hears it too (they may have left the page), and
 * batches finished within the burst window merge into one.
 */
export async function tellBatchDone(
  services: Services,
  trx: Kysely<Database>,
  batch: BatchRow,
  section: Pick<SectionInfo, 'title' | 'texts'>,
  counts: Record<string, number>,
  undo: boolean,
): Promise<void> {
  await tell(services, trx, {
    type: 'bulk_edit_done',
    accountId: batch.account_id,
    message: (lang) => {
      const values = { section: sectionTitle(section, lang), results: results(lang, counts, undo) };
      return undo
        ? t(lang, 'notification.bulk_edit_done.undone', values)
        : t(lang, 'notification.bulk_edit_done.done', values);
    },
    link: `/bulk-edit?batch=${batch.id}`,
    extraId: batch.id,
  });
}
