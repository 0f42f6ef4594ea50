import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import type { JsonSchema } from '../../../shared/bundle-types.js';
import { actorOf, recordAudit, diffDocuments, type Change } from '../audit/index.js';
import { bumpFactsRevision, lockProperty, requireProperty } from '../properties/index.js';
import type { SectionInfo } from './sections.js';
import { listState, recordRevision, stateOf } from './revisions.js';
import { checkItems, checkRestoreSeen } from './row-checks.js';
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

export interface SaveOptions {
  /** Maintenance, restaurants, bars: the array is the whole list. Rooms are removed one by one instead. */
  removeMissing: boolean;
  /** A history restore: the list revision the caller saw (409 when another save came since) and the one brought back. */
  restoring?: { from: number; seen: number };
}

/** A list row as stored: what the save checks against, diffs against and keeps in the revision. */
interface ListRow {
  id: number;
  position: number;
  data: string;
  updated_at: string;
  updated_by: number | null;
}

/** A row as this save writes it. */
interface WrittenRow {
  id: number;
  position: number;
  data: string;
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
    const existing = await readList(trx, propertyId, section.key);
    const before = stateOf(existing);
    if (options.restoring) await checkRestoreSeen(trx, section, propertyId, !!before, options.restoring.seen);
    const byId = new Map(existing.map((r) => [r.id, r.data]));
    checkItems(section, propertyId, items, byId);

    const stamp = { now, by: auth.user.id };
    const written = await writeItems(trx, section, propertyId, items, stamp);
    const changes = rowChanges(schema, section, written, byId);
    const keep = new Set(written.map((r) => r.id));
    const gone = options.removeMissing ? existing.filter((r) => !keep.has(r.id)).map((r) => r.id) : [];
    if (gone.length) {
      // Photos tagged with a removed room are untagged by the database (migration 0049).
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
    // The list after the save, in the list's order (position, then id), as the database now holds it.
    const after = [
      ...written.map((r) => ({ ...r, updated_at: now, updated_by: auth.user.id })),
      ...existing.filter((r) => !keep.has(r.id) && !options.removeMissing),
    ].sort((x, y) => x.position - y.position || x.id - y.id);
    await recordSave(
      services,
      trx,
      { auth, ip, now },
      { section, propertyId, options, before, after, changes, count: items.length },
    );
    return `[${written.map((r) => services.schemas.completeJson(section.ref, r.data)).join(',')}]`;
  });
}

/** The list's rows as stored, in the list's order (position, then id). */
async function readList(trx: Kysely<Database>, propertyId: number, kind: string): Promise<ListRow[]> {
  return trx
    .selectFrom('fact_rows')
    .select(['id', 'position', 'data', 'updated_at', 'updated_by'])
    .where('property_id', '=', propertyId)
    .where('kind', '=', kind)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** New items inserted (they get their ids), then every item written with its id, hotel and position. */
async function writeItems(
  trx: Kysely<Database>,
  section: SectionInfo,
  propertyId: number,
  items: Row[],
  stamp: { now: string; by: number },
): Promise<WrittenRow[]> {
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
  return written;
}

/** The audit diff, once per save: each row against what it was (nothing, for a new row). */
function rowChanges(
  schema: JsonSchema,
  section: SectionInfo,
  written: readonly WrittenRow[],
  stored: Map<number, string>,
): Change[] {
  const changes: Change[] = [];
  for (const { id, position, data } of written) {
    const old = stored.get(id);
    const label = `${section.itemLabel} ${position + 1}`;
    for (const c of diffDocuments(schema, old ? JSON.parse(old) : {}, JSON.parse(data)))
      changes.push({ field: `${id}.${c.field}`, label: `${label} › ${c.label}`, from: c.from, to: c.to });
  }
  return changes;
}

/** The save's list revision and its audit event, in the save's transaction. */
async function recordSave(
  services: Services,
  trx: Kysely<Database>,
  by: { auth: AuthContext; ip: string; now: string },
  save: {
    section: SectionInfo;
    propertyId: number;
    options: SaveOptions;
    before: ReturnType<typeof stateOf>;
    after: ListRow[];
    changes: Change[];
    count: number;
  },
): Promise<void> {
  const { section, propertyId, changes } = save;
  const { restoring } = save.options;
  await recordRevision(trx, by.auth, by.now, {
    propertyId,
    section: section.key,
    data: stateOf(save.after)?.data ?? '[]',
    action: restoring ? 'restore' : 'save',
    restoredFrom: restoring?.from,
    before: save.before,
  });
  const summary = restoring
    ? `${section.title} list restored from revision ${restoring.from} (${save.count})`
    : `${section.title} list saved (${save.count})`;
  await recordAudit(
    services,
    actorOf(by.auth, by.ip),
    { kind: 'rows', action: restoring ? 'restore' : 'save', propertyId, subject: section.key, summary, changes },
    trx,
  );
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
