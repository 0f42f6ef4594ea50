import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { tell } from '../notifications/index.js';
import type { BatchRow } from './bulk-store.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * One notification for a whole batch (never one per property): "Bulk edit of Main info: 48
 * properties changed, 2 failed". Its starter hears it too (they may have left the page), and
 * batches finished within the burst window merge into one.
 */
export async function tellBatchDone(
  services: Services,
  trx: Kysely<Database>,
  batch: BatchRow,
  title: string,
  counts: Record<string, number>,
  undo: boolean,
): Promise<void> {
  const parts = undo
    ? [
        `${plural(counts.undone ?? 0, 'property', 'properties')} restored`,
        counts.kept ? `${counts.kept} kept (changed since)` : '',
      ]
    : [
        `${plural(counts.applied ?? 0, 'property', 'properties')} changed`,
        counts.same ? `${counts.same} already matched` : '',
        counts.failed ? `${counts.failed} failed` : '',
      ];
  await tell(services, trx, {
    type: 'bulk_edit_done',
    accountId: batch.account_id,
    message: `${undo ? 'Undo of the bulk edit' : 'Bulk edit'} of ${title}: ${parts.filter(Boolean).join(', ')}`,
    link: `/bulk-edit?batch=${batch.id}`,
    extraId: batch.id,
  });
}
