import { notFound } from '../../plugins/errors.js';
import { caller, ok, type HandlerMap } from '../../routing/handler.js';
import type { Services } from '../../services.js';
import { restoreSection, sectionHistory, sectionRevision } from './section-history.js';
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
  const revisionOf = (ctx: { params: unknown }) => Number((ctx.params as { revision: unknown }).revision);

  return {
    async factsHistory(ctx) {
      return ok(await sectionHistory(services, ctx.property!.id, sectionOf(ctx)));
    },

    async factsRevision(ctx) {
      const s = sectionOf(ctx);
      return ok(await sectionRevision(services, ctx.property!.id, s, revisionOf(ctx)));
    },

    async factsRestore(ctx) {
      const s = sectionOf(ctx);
      const revision = {
        wanted: revisionOf(ctx),
        current: (ctx.body as { current_revision: number }).current_revision,
      };
      return ok(await restoreSection(services, { auth: caller(ctx), ip: ctx.ip }, ctx.property!.id, s, revision));
    },
  } as HandlerMap;
}
