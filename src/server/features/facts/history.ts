import { notFound } from '../../plugins/errors.js';
import { caller, ok, type Ctx, type HandlerMap } from '../../routing/handler.js';
import type { OperationId } from '../../../shared/generated/operations.js';
import type { Services } from '../../services.js';
import { currentState as currentState_, restoreRevision, revisionsOf, type StoredRevision } from './restore.js';
import { diffStates } from './revisions.js';
import { sectionsOf, type SectionInfo } from './sections.js';

/**
 * History and restore of fact sections and lists (issue 29 §1). Reading follows the section
 * (every member allowed the property: the router's property scope); restoring needs `facts`
 * and is a save: the same validation, version check and audit, as a new revision.
 */
export function historyHandlers(services: Services): HandlerMap {
  const sections = new Map(sectionsOf(services.schemas).map((s) => [s.key, s]));

  function sectionOf(ctx: { params: unknown }): SectionInfo {
    const s = sections.get(String((ctx.params as { section: string }).section));
    if (!s) throw notFound();
    return s;
  }

  const currentState = (propertyId: number, s: SectionInfo) => currentState_(services, propertyId, s);
  const revisions = (propertyId: number, s: SectionInfo) => revisionsOf(services, propertyId, s);

  const schemaOf = (s: SectionInfo) => services.schemas.resolved(s.ref);
  /** A state as its answer: completed to the schema (fields added since show at their empty value). */
  const shown = (s: SectionInfo, data: unknown) => services.schemas.complete(s.ref, data, s.kind === 'list');

  async function revisionOf(
    ctx: Ctx<OperationId>,
    s: SectionInfo,
  ): Promise<{ target: StoredRevision; current: number; now: unknown }> {
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
      return ok({
        property: propertyId,
        section: s.key,
        title: s.title,
        kind: s.kind,
        current_revision: now?.revision ?? 0,
        revisions: out.reverse(),
      });
    },

    async factsRevision(ctx) {
      const s = sectionOf(ctx);
      const { target, current, now } = await revisionOf(ctx, s);
      const data = shown(s, target.data);
      return ok({
        revision: target.revision,
        current_revision: current,
        data,
        changes: diffStates(s, schemaOf(s), shown(s, now), data),
      });
    },

    async factsRestore(ctx) {
      const s = sectionOf(ctx);
      const propertyId = ctx.property!.id;
      const wanted = Number((ctx.params as { revision: unknown }).revision);
      await restoreRevision(
        services,
        caller(ctx),
        ctx.ip,
        s,
        propertyId,
        wanted,
        (ctx.body as { current_revision: number }).current_revision,
      );
      const after = await currentState(propertyId, s);
      return ok({
        revision: after!.revision,
        current_revision: after!.revision,
        data: shown(s, after!.data),
        changes: [],
      });
    },
  } as HandlerMap;
}
