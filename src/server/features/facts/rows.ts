import { ApiError, conflict, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { rowSummary } from '../../../shared/validation-messages.js';
import { translatorOf } from '../../i18n/index.js';
import { actorOf, recordAudit, diffDocuments, type Change } from '../audit/index.js';
import { bumpFactsRevision, lockProperty, requireProperty } from '../properties/index.js';
import type { SectionInfo } from './sections.js';
import { latestRevision, listState, recordRevision, stateOf } from './revisions.js';
import { insertRows, writeRows } from './row-writes.js';

type Row = Record<string, unknown>;

/** The rows of a list as their answer: each stored row completed to the schema (every field, in order). */
export async function rowsJson(services: Services, propertyId: number, section: SectionInfo): Promise<string> {
  const rows = await services.db.kysely
    .selectFrom('fact_rows')
    .select('data')
    .where('property_id', '=', propertyId)
    .where('kind', '=', section.key)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return `[${rows.map((r) => services.schemas.completeJson(section.ref, r.data)).join(',')}]`;
}

/** id first, then hotel, then the facts. */
function compose(id: number, propertyId: number, row: Row): string {
  const { id: _i, hotel: _h, ...facts } = row;
  return JSON.stringify({ id, hotel: propertyId, ...facts });
}

function rowErrors(section: SectionInfo, problems: Map<number, string[]>): ApiError {
  const lines = [...problems.entries()].sort(([a], [b]) => a - b);
  return new ApiError(400, {
    // The row's words are English (a row that is not this list's is a client's fault, not a person's).
    non_field_errors: lines.map(([i, msgs]) => rowSummary(translatorOf('en'), section.itemLabel, i, msgs)),
    rows: Object.fromEntries(lines.map(([i, msgs]) => [String(i), { non_field_errors: msgs }])),
  });
}

export interface SaveOptions {
  /** Maintenance, restaurants, bars: the array is the whole list. Rooms are removed one by one instead. */
  removeMissing: boolean;
  /** A history restore: the list revision the caller saw (409 when another save came since) and the one brought back. */
  restoring?: { from: number; seen: number };
}

/**
 * Save a list in one transaction: every row (schema-valid already) must belong to this property;
 * rows with id 0 are added, others updated, and with removeMissing the rest removed. All or nothing.
 */
export async function saveRows(
  services: Services,
  auth: AuthContext,
  ip: string,
  section: SectionInfo,
  propertyId: number,
  items: Row[],
  options: SaveOptions,
): Promise<string> {
  const schema = services.schemas.resolved(section.ref);
  const now = services.clock.now().toISOString();
  // One save of a property's lists at a time: the property row is locked first (PostgreSQL;
  // SQLite runs one transaction at a time), then the rows are read and checked inside the same
  // transaction, so the list afterwards is exactly one caller's list, never two merged.
  return services.db.kysely.transaction().execute(async (trx) => {
    await lockProperty(services, trx, propertyId);
    // The list as stored, read once: the rows checked against, the state before, and (with the
    // save applied in memory) the state after, for the revision.
    const existing = await trx
      .selectFrom('fact_rows')
      .select(['id', 'position', 'data', 'updated_at', 'updated_by'])
      .where('property_id', '=', propertyId)
      .where('kind', '=', section.key)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const before = stateOf(existing);
    if (options.restoring) {
      // Checked again under the lock; a list saved only before history was kept is at revision 1 (its baseline).
      const latest = (await latestRevision(trx, propertyId, section.key)) || (before ? 1 : 0);
      if (latest !== options.restoring.seen)
        throw conflict(
          `${section.title} was changed by someone else since you looked at its history. Reload it and choose again.`,
          { current_revision: latest },
        );
    }
    const byId = new Map(existing.map((r) => [r.id, r.data]));
    const problems = new Map<number, string[]>();
    const seen = new Set<number>();
    items.forEach((item, i) => {
      const msgs: string[] = [];
      const id = Number(item.id ?? 0);
      if (item.hotel !== undefined && item.hotel !== propertyId) msgs.push('belongs to another property');
      if (id > 0 && !byId.has(id)) msgs.push(`no longer exists (id ${id}); reload the list`);
      if (id > 0 && seen.has(id)) msgs.push(`appears twice (id ${id})`);
      seen.add(id);
      if (msgs.length) problems.set(i, msgs);
    });
    if (problems.size) throw rowErrors(section, problems);

    const stamp = { now, by: auth.user.id };
    const newIds = await insertRows(
      trx,
      { propertyId, kind: section.key, ...stamp },
      items.flatMap((item, position) => (Number(item.id ?? 0) === 0 ? [position] : [])),
    );
    const written = items.map((item, position) => {
      const id = Number(item.id ?? 0) || newIds.get(position)!;
      return { id, position, data: compose(id, propertyId, item) };
    });
    await writeRows(trx, written, stamp);
    // The audit diff, once per save: each row against what it was (nothing, for a new row).
    const changes: Change[] = [];
    for (const { id, position, data } of written) {
      const old = byId.get(id);
      const label = `${section.itemLabel} ${position + 1}`;
      for (const c of diffDocuments(schema, old ? JSON.parse(old) : {}, JSON.parse(data)))
        changes.push({ field: `${id}.${c.field}`, label: `${label} › ${c.label}`, from: c.from, to: c.to });
    }
    const keep = new Set(written.map((r) => r.id));
    const gone = options.removeMissing ? existing.filter((r) => !keep.has(r.id)).map((r) => r.id) : [];
    if (gone.length) {
      // Photos tagged with a removed room stay in the gallery, untagged (as a room delete does).
      if (section.key === 'room')
        await trx.updateTable('photos').set({ room_id: null }).where('room_id', 'in', gone).execute();
      await trx.deleteFrom('fact_rows').where('id', 'in', gone).execute();
      for (const id of gone)
        changes.push({
          field: `${id}`,
          label: `${section.itemLabel} removed`,
          from: JSON.parse(byId.get(id)!),
          to: null,
        });
    }
    await bumpFactsRevision(trx, propertyId);
    const { restoring } = options;
    // The list after the save, in the list's order (position, then id), as the database now holds it.
    const after = [
      ...written.map((r) => ({ ...r, updated_at: now, updated_by: auth.user.id })),
      ...existing.filter((r) => !keep.has(r.id) && !options.removeMissing),
    ].sort((x, y) => x.position - y.position || x.id - y.id);
    await recordRevision(trx, auth, now, {
      propertyId,
      section: section.key,
      data: stateOf(after)?.data ?? '[]',
      action: restoring ? 'restore' : 'save',
      restoredFrom: restoring?.from,
      before,
    });
    const summary = restoring
      ? `${section.title} list restored from revision ${restoring.from} (${items.length})`
      : `${section.title} list saved (${items.length})`;
    await recordAudit(
      services,
      actorOf(auth, ip),
      { kind: 'rows', action: restoring ? 'restore' : 'save', propertyId, subject: section.key, summary, changes },
      trx,
    );
    return `[${written.map((r) => services.schemas.completeJson(section.ref, r.data)).join(',')}]`;
  });
}

export async function deleteRow(
  services: Services,
  auth: AuthContext,
  ip: string,
  section: SectionInfo,
  rowId: number,
): Promise<void> {
  const row = await services.db.kysely
    .selectFrom('fact_rows')
    .select(['id', 'property_id', 'data'])
    .where('id', '=', rowId)
    .where('kind', '=', section.key)
    .executeTakeFirst();
  if (!row) throw notFound();
  // A row of a property the caller may not see does not exist for them.
  await requireProperty(services, auth, row.property_id);
  await services.db.kysely.transaction().execute(async (trx) => {
    // The same lock order as a list save (property first), so the two never deadlock.
    await lockProperty(services, trx, row.property_id);
    const before = await listState(trx, row.property_id, section.key);
    // Removed by a parallel call meanwhile: gone for this caller too, and recorded once.
    const gone = await trx.deleteFrom('fact_rows').where('id', '=', row.id).returning('id').executeTakeFirst();
    if (!gone) throw notFound();
    // Photos tagged with a deleted room stay in the gallery, untagged.
    if (section.key === 'room')
      await trx.updateTable('photos').set({ room_id: null }).where('room_id', '=', row.id).execute();
    await bumpFactsRevision(trx, row.property_id);
    const state = await listState(trx, row.property_id, section.key);
    await recordRevision(trx, auth, services.clock.now().toISOString(), {
      propertyId: row.property_id,
      section: section.key,
      data: state?.data ?? '[]',
      action: 'delete',
      before,
    });
    await recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'rows',
        action: 'delete',
        propertyId: row.property_id,
        subject: section.key,
        subjectId: row.id,
        summary: `${section.itemLabel} deleted`,
        changes: [
          { field: String(row.id), label: `${section.itemLabel} removed`, from: JSON.parse(row.data), to: null },
        ],
      },
      trx,
    );
  });
}
