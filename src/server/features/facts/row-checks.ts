import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { ApiError, conflict } from '../../plugins/errors.js';
import { rowSummary } from '../../../shared/validation-messages.js';
import { translatorOf } from '../../i18n/index.js';
import type { SectionInfo } from './sections.js';
import { latestRevision } from './revisions.js';

/** What a list save refuses before it writes anything: a stale history restore, rows not of this list. */
type Row = Record<string, unknown>;

/**
 * A restore of a list another save changed since the caller looked at its history: 409.
 * Checked again under the lock; a list saved only before history was kept is at revision 1 (its baseline).
 */
export async function checkRestoreSeen(
  trx: Kysely<Database>,
  section: SectionInfo,
  propertyId: number,
  hasRows: boolean,
  seen: number,
): Promise<void> {
  const latest = (await latestRevision(trx, propertyId, section.key)) || (hasRows ? 1 : 0);
  if (latest !== seen)
    throw conflict(
      `${section.title} was changed by someone else since you looked at its history. Reload it and choose again.`,
      { current_revision: latest },
    );
}

/** Every item must be of this property, and an item with an id one stored row of the list, once. */
export function checkItems(section: SectionInfo, propertyId: number, items: Row[], stored: Map<number, string>): void {
  const problems = new Map<number, string[]>();
  const seen = new Set<number>();
  items.forEach((item, i) => {
    const msgs: string[] = [];
    const id = Number(item.id ?? 0);
    if (item.hotel !== undefined && item.hotel !== propertyId) msgs.push('belongs to another property');
    if (id > 0 && !stored.has(id)) msgs.push(`no longer exists (id ${id}); reload the list`);
    if (id > 0 && seen.has(id)) msgs.push(`appears twice (id ${id})`);
    seen.add(id);
    if (msgs.length) problems.set(i, msgs);
  });
  if (problems.size) throw rowErrors(section, problems);
}

function rowErrors(section: SectionInfo, problems: Map<number, string[]>): ApiError {
  const lines = [...problems.entries()].sort(([a], [b]) => a - b);
  return new ApiError(400, {
    // The row's words are English (a row that is not this list's is a client's fault, not a person's).
    non_field_errors: lines.map(([i, msgs]) => rowSummary(translatorOf('en'), section.itemLabel, i, msgs)),
    rows: Object.fromEntries(lines.map(([i, msgs]) => [String(i), { non_field_errors: msgs }])),
  });
}
