import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { JsonSchema } from '../../../shared/bundle-types.js';
import { diffDocuments, type Change } from '../audit/index.js';
import type { SectionInfo } from './sections.js';
import { userEmail } from '../auth/index.js';

/**
 * Every saved state of a section or list, whole (fact_revisions), written in the same
 * transaction as the save. History diffs neighbouring revisions; restore sends an earlier one
 * back through the save path as a new revision, so history is never rewritten.
 */
type Row = Record<string, unknown>;

export type RevisionAction = 'baseline' | 'create' | 'update' | 'save' | 'delete' | 'restore';

export interface RevisionWrite {
  propertyId: number;
  section: string;
  /** A section's version; for lists, undefined (the next number is taken). */
  revision?: number;
  data: string;
  action: RevisionAction;
  restoredFrom?: number | null;
  /** The state before this save (its data, when and by whom), for the baseline of a section saved before history existed. */
  before?: { data: string; revision?: number; at: string; by: number | null } | null;
}

export async function latestRevision(db: Kysely<Database>, propertyId: number, section: string): Promise<number> {
  const row = await db
    .selectFrom('fact_revisions')
    .select((eb) => eb.fn.max('revision').as('n'))
    .where('property_id', '=', propertyId)
    .where('section', '=', section)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function emailOf(db: Kysely<Database>, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  return userEmail(db, userId);
}

/** Record a saved state (inside the save's transaction); answers the revision number it got. */
export async function recordRevision(
  trx: Kysely<Database>,
  auth: AuthContext,
  now: string,
  write: RevisionWrite,
): Promise<number> {
  let latest = await latestRevision(trx, write.propertyId, write.section);
  if (latest === 0 && write.before) {
    // Saved before history existed: its state of then becomes the first revision, so it can be restored.
    const revision = write.before.revision ?? 1;
    await trx
      .insertInto('fact_revisions')
      .values({
        property_id: write.propertyId,
        section: write.section,
        revision,
        data: write.before.data,
        action: 'baseline',
        restored_from: null,
        actor_id: write.before.by,
        actor_email: await emailOf(trx, write.before.by),
        created_at: write.before.at,
      })
      .execute();
    latest = revision;
  }
  const revision = write.revision ?? latest + 1;
  await trx
    .insertInto('fact_revisions')
    .values({
      property_id: write.propertyId,
      section: write.section,
      revision,
      data: write.data,
      action: write.action,
      restored_from: write.restoredFrom ?? null,
      actor_id: auth.user.id,
      actor_email: auth.user.email,
      created_at: now,
    })
    .execute();
  return revision;
}

/** A list row as a revision sees it. */
export interface StoredRow {
  data: string;
  updated_at: string;
  updated_by: number | null;
}

/** The list's rows as stored now, in order (the state a list revision keeps). */
export async function listState(
  db: Kysely<Database>,
  propertyId: number,
  kind: string,
): Promise<{ data: string; at: string; by: number | null } | null> {
  const rows = await db
    .selectFrom('fact_rows')
    .select(['data', 'updated_at', 'updated_by'])
    .where('property_id', '=', propertyId)
    .where('kind', '=', kind)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return stateOf(rows);
}

/** The state a list revision keeps, of rows in the list's order (position, then id); null for none. */
export function stateOf(rows: readonly StoredRow[]): { data: string; at: string; by: number | null } | null {
  if (!rows.length) return null;
  const last = rows.reduce((a, b) => (b.updated_at > a.updated_at ? b : a));
  return { data: `[${rows.map((r) => r.data).join(',')}]`, at: last.updated_at, by: last.updated_by };
}

function rowName(row: Row, fallback: string): string {
  for (const key of ['room_name', 'name', 'restaurant_name', 'bar_name', 'title', 'description']) {
    if (typeof row[key] === 'string' && row[key]) return `${fallback} "${row[key] as string}"`;
  }
  return fallback;
}

/**
 * What changes from one state to another: field by field for a section; for a list, rows
 * added, removed and changed (matched by id), each change labelled with the row's name.
 */
export function diffStates(section: SectionInfo, schema: JsonSchema, before: unknown, after: unknown): Change[] {
  if (section.kind === 'document') return diffDocuments(schema, before ?? {}, after ?? {});
  const a = (Array.isArray(before) ? before : []) as Row[];
  const b = (Array.isArray(after) ? after : []) as Row[];
  const byId = new Map(a.map((r) => [Number(r.id), r]));
  const out: Change[] = [];
  for (const row of b) {
    const old = byId.get(Number(row.id));
    const name = rowName(row, section.itemLabel);
    if (!old) out.push({ field: `${row.id as number}`, label: `${name} added`, from: null, to: row });
    else
      for (const c of diffDocuments(schema, old, row))
        out.push({ ...c, field: `${row.id as number}.${c.field}`, label: `${name} › ${c.label}` });
  }
  const kept = new Set(b.map((r) => Number(r.id)));
  for (const row of a)
    if (!kept.has(Number(row.id)))
      out.push({
        field: `${row.id as number}`,
        label: `${rowName(row, section.itemLabel)} removed`,
        from: row,
        to: null,
      });
  return out;
}
