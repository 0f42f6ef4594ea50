import { ApiError, conflict, notFound } from '../../plugins/errors.js';
import { caller, ok, type Ctx, type HandlerMap } from '../../routing/handler.js';
import type { OperationId } from '../../../shared/generated/operations.js';
import type { Services } from '../../services.js';
import { readSection, updateSection } from './documents.js';
import { saveRows } from './rows.js';
import { diffStates, latestRevision, listState, type RevisionAction } from './revisions.js';
import { sectionsOf, type SectionInfo } from './sections.js';
import { userEmail } from '../auth/users-reader.js';

/** A revision as history shows it; `synthetic`: the current state of a section saved before history was kept. */
interface Stored {
  revision: number;
  data: unknown;
  action: RevisionAction;
  restored_from: number | null;
  created_at: string;
  actor_id: number | null;
  actor_email: string | null;
}

type Row = Record<string, unknown>;

/**
 * History and restore of fact sections and lists (issue 29 §1). Reading follows the section
 * (every member allowed the property: the router's property scope); restoring needs `facts`
 * and is a save: the same validation, version check and audit, as a new revision.
 */
export function historyHandlers(services: Services): HandlerMap {
  const db = services.db.kysely;
  const sections = new Map(sectionsOf(services.schemas).map((s) => [s.key, s]));

  function sectionOf(ctx: { params: unknown }): SectionInfo {
    const s = sections.get(String((ctx.params as { section: string }).section));
    if (!s) throw notFound();
    return s;
  }

  /** The state now: the document (null before its first save) or the list's rows. */
  async function currentState(propertyId: number, s: SectionInfo): Promise<{ data: unknown; revision: number; at: string; by: number | null } | null> {
    if (s.kind === 'document') {
      const row = await readSection(services, propertyId, s.key);
      return row ? { data: JSON.parse(row.data) as unknown, revision: row.version, at: row.updated_at, by: row.updated_by } : null;
    }
    const state = await listState(db, propertyId, s.key);
    const latest = await latestRevision(db, propertyId, s.key);
    if (!state) return latest ? { data: [], revision: latest, at: '', by: null } : null;
    return { data: JSON.parse(state.data) as unknown, revision: latest || 1, at: state.at, by: state.by };
  }

  /** Every revision, oldest first; a section saved only before history existed shows its state as a baseline. */
  async function revisions(propertyId: number, s: SectionInfo): Promise<Stored[]> {
    const rows = await db.selectFrom('fact_revisions').selectAll().where('property_id', '=', propertyId).where('section', '=', s.key).orderBy('revision').execute();
    if (rows.length) return rows.map((r) => ({ ...r, data: JSON.parse(r.data) as unknown, action: r.action as RevisionAction }));
    const now = await currentState(propertyId, s);
    if (!now) return [];
    const email = now.by === null ? null : await userEmail(db, now.by);
    return [{ revision: now.revision, data: now.data, action: 'baseline', restored_from: null, created_at: now.at, actor_id: now.by, actor_email: email }];
  }

  const schemaOf = (s: SectionInfo) => services.schemas.resolved(s.ref);
  /** A state as its answer: completed to the schema (fields added since show at their empty value). */
  const shown = (s: SectionInfo, data: unknown) => services.schemas.complete(s.ref, data, s.kind === 'list');

  async function revisionOf(ctx: Ctx<OperationId>, s: SectionInfo): Promise<{ target: Stored; current: number; now: unknown }> {
    const propertyId = ctx.property!.id;
    const all = await revisions(propertyId, s);
    const wanted = Number((ctx.params as { revision: unknown }).revision);
    const target = all.find((r) => r.revision === wanted);
    if (!target) throw notFound();
    const now = await currentState(propertyId, s);
    return { target, current: now?.revision ?? 0, now: now?.data ?? (s.kind === 'list' ? [] : {}) };
  }

  return {
    async factsHistory(ctx) {
      const s = sectionOf(ctx);
      const propertyId = ctx.property!.id;
      const all = await revisions(propertyId, s);
      const now = await currentState(propertyId, s);
      // Compared as answered (completed to today's schema): a field missing from an older save is not a change.
      const states = all.map((r) => shown(s, r.data));
      const out = all.map((r, i) => ({
        revision: r.revision,
        action: r.action,
        restored_from: r.restored_from,
        created_at: r.created_at,
        actor: r.actor_id,
        actor_email: r.actor_email,
        changes: diffStates(s, schemaOf(s), i === 0 ? (s.kind === 'list' ? [] : {}) : states[i - 1], states[i]),
      }));
      return ok({ property: propertyId, section: s.key, title: s.title, kind: s.kind, current_revision: now?.revision ?? 0, revisions: out.reverse() });
    },

    async factsRevision(ctx) {
      const s = sectionOf(ctx);
      const { target, current, now } = await revisionOf(ctx, s);
      const data = shown(s, target.data);
      return ok({ revision: target.revision, current_revision: current, data, changes: diffStates(s, schemaOf(s), shown(s, now), data) });
    },

    async factsRestore(ctx) {
      const auth = caller(ctx);
      const s = sectionOf(ctx);
      const propertyId = ctx.property!.id;
      const { target, current } = await revisionOf(ctx, s);
      const seen = (ctx.body as { current_revision: number }).current_revision;
      if (seen !== current) throw conflict(`${s.title} was changed by someone else since you looked at its history. Reload it and choose again.`, { current_revision: current });
      const body = checked(s, target.data);
      if (s.kind === 'document') {
        const doc = { ...(body as Row), hotel: propertyId, version: current };
        await updateSection(services, auth, ctx.ip, s, propertyId, doc, { from: target.revision });
      } else {
        // Rows removed since come back as new rows (their ids are gone); rows added since are removed.
        const alive = new Set((await db.selectFrom('fact_rows').select('id').where('property_id', '=', propertyId).where('kind', '=', s.key).execute()).map((r) => r.id));
        const rows = (body as Row[]).map((r) => ({ ...r, hotel: propertyId, id: alive.has(Number(r.id)) ? r.id : 0 }));
        await saveRows(services, auth, ctx.ip, s, propertyId, rows, { removeMissing: true, restoring: { from: target.revision, seen } });
      }
      const after = await currentState(propertyId, s);
      return ok({ revision: after!.revision, current_revision: after!.revision, data: shown(s, after!.data), changes: [] });
    },
  } as HandlerMap;

  /** The revision as a save body: read, hidden dependents emptied and validated as the save route does (400 when today's rules refuse it). */
  function checked(s: SectionInfo, data: unknown): unknown {
    const list = s.kind === 'list';
    const read = services.schemas.readRequest(s.ref, data, 'json', list).value;
    const body = services.schemas.clearHidden(s.ref, read, list);
    const errors = services.schemas.check(services.schemas.validator(s.ref), s.ref, body, { list });
    if (errors) throw new ApiError(400, { non_field_errors: ['This revision does not pass today’s rules for this section; change it by hand instead.'], ...errors });
    return body;
  }
}
