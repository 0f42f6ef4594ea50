import { ApiError, conflict, notFound } from '../../plugins/errors.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { readSection, updateSection } from './documents.js';
import { saveRows } from './rows.js';
import { latestRevision, listState, type RevisionAction } from './revisions.js';
import type { SectionInfo } from './sections.js';
import { userEmail } from '../auth/index.js';

/** A revision as history shows it; `synthetic`: the current state of a section saved before history was kept. */
export interface StoredRevision {
  revision: number;
  data: unknown;
  action: RevisionAction;
  restored_from: number | null;
  created_at: string;
  actor_id: number | null;
  actor_email: string | null;
}

type Row = Record<string, unknown>;

/** The state now: the document (null before its first save) or the list's rows. */
export async function currentState(
  services: Services,
  propertyId: number,
  s: SectionInfo,
): Promise<{ data: unknown; revision: number; at: string; by: number | null } | null> {
  const db = services.db.kysely;
  if (s.kind === 'document') {
    const row = await readSection(services, propertyId, s.key);
    return row
      ? { data: JSON.parse(row.data) as unknown, revision: row.version, at: row.updated_at, by: row.updated_by }
      : null;
  }
  const state = await listState(db, propertyId, s.key);
  const latest = await latestRevision(db, propertyId, s.key);
  if (!state) return latest ? { data: [], revision: latest, at: '', by: null } : null;
  return { data: JSON.parse(state.data) as unknown, revision: latest || 1, at: state.at, by: state.by };
}

/** Every revision, oldest first; a section saved only before history existed shows its state as a baseline. */
export async function revisionsOf(services: Services, propertyId: number, s: SectionInfo): Promise<StoredRevision[]> {
  const db = services.db.kysely;
  const rows = await db
    .selectFrom('fact_revisions')
    .selectAll()
    .where('property_id', '=', propertyId)
    .where('section', '=', s.key)
    .orderBy('revision')
    .execute();
  if (rows.length)
    return rows.map((r) => ({ ...r, data: JSON.parse(r.data) as unknown, action: r.action as RevisionAction }));
  const now = await currentState(services, propertyId, s);
  if (!now) return [];
  const email = now.by === null ? null : await userEmail(db, now.by);
  return [
    {
      revision: now.revision,
      data: now.data,
      action: 'baseline',
      restored_from: null,
      created_at: now.at,
      actor_id: now.by,
      actor_email: email,
    },
  ];
}

/** The revision as a save body: read, hidden dependents emptied and validated as the save route does (400 when today's rules refuse it). */
function checked(services: Services, s: SectionInfo, data: unknown): unknown {
  const list = s.kind === 'list';
  const read = services.schemas.readRequest(s.ref, data, 'json', list).value;
  const body = services.schemas.clearHidden(s.ref, read, list);
  const errors = services.schemas.check(services.schemas.validator(s.ref), s.ref, body, { list });
  if (errors)
    throw new ApiError(400, {
      non_field_errors: ['This revision does not pass today’s rules for this section; change it by hand instead.'],
      ...errors,
    });
  return body;
}

/**
 * Bring back an earlier revision of a section or list as a new revision: a save through the same
 * validation (400), version check (409 when `seen` is not the current revision) and audit (action
 * restore). Used by History's restore and by the undo of a bulk edit.
 */
export async function restoreRevision(
  services: Services,
  auth: AuthContext,
  ip: string,
  s: SectionInfo,
  propertyId: number,
  revision: number,
  seen: number,
): Promise<void> {
  const db = services.db.kysely;
  const target = (await revisionsOf(services, propertyId, s)).find((r) => r.revision === revision);
  if (!target) throw notFound();
  const current = (await currentState(services, propertyId, s))?.revision ?? 0;
  if (seen !== current)
    throw conflict(
      `${s.title} was changed by someone else since you looked at its history. Reload it and choose again.`,
      { current_revision: current },
    );
  const body = checked(services, s, target.data);
  if (s.kind === 'document') {
    const doc = { ...(body as Row), hotel: propertyId, version: current };
    await updateSection(services, auth, ip, s, propertyId, doc, { from: target.revision });
  } else {
    // Rows removed since come back as new rows (their ids are gone); rows added since are removed.
    const alive = new Set(
      (
        await db
          .selectFrom('fact_rows')
          .select('id')
          .where('property_id', '=', propertyId)
          .where('kind', '=', s.key)
          .execute()
      ).map((r) => r.id),
    );
    const rows = (body as Row[]).map((r) => ({ ...r, hotel: propertyId, id: alive.has(Number(r.id)) ? r.id : 0 }));
    await saveRows(services, auth, ip, s, propertyId, rows, {
      removeMissing: true,
      restoring: { from: target.revision, seen },
    });
  }
}
