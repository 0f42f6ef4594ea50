import { notFound } from '../../plugins/errors.js';
import { caller, type Ctx, type HandlerMap, type Reply } from '../../routing/handler.js';
import { acceptedWords } from '../../routing/request-language.js';
import type { OperationId } from '../../../shared/generated/operations.js';
import type { Services } from '../../services.js';
import { completeness } from './completeness.js';
import { createInitInfo } from './init-info.js';
import { createSection, sectionJson, updateSection } from './documents.js';
import { deleteRow, rowsJson, saveRows } from './rows.js';
import { operationIds, sectionsOf, type SectionInfo } from './sections.js';
import { historyHandlers } from './history.js';

type AnyCtx = Ctx<OperationId>;
type AnyHandler = (ctx: AnyCtx) => Promise<Reply<unknown>>;

/** Answers built complete from stored documents (schemas.completeJson): the router passes them as they are. */
const json = (status: number, text: string): Reply<unknown> => ({ status, json: text, shaped: true });

/** The single path parameter of a facts route, whatever the spec named it ({id}, {hotelId}, {hotel}). */
function idParam(ctx: AnyCtx): number {
  const values = Object.values(ctx.params as Record<string, number>);
  if (values.length !== 1) throw notFound();
  return values[0]!;
}

function documentHandlers(services: Services, s: SectionInfo): Record<string, AnyHandler> {
  const ids = operationIds(s.key);
  return {
    [ids.get]: async (ctx) => json(200, await sectionJson(services, idParam(ctx), s)),
    [ids.create]: async (ctx) =>
      json(201, await createSection(services, caller(ctx), ctx.ip, s, ctx.body as Record<string, unknown>)),
    [ids.update]: async (ctx) =>
      json(
        200,
        await updateSection(services, caller(ctx), ctx.ip, s, idParam(ctx), ctx.body as Record<string, unknown>),
      ),
  };
}

function listHandlers(services: Services, s: SectionInfo): Record<string, AnyHandler> {
  const ids = operationIds(s.key);
  const handlers: Record<string, AnyHandler> = {
    [ids.list]: async (ctx) => json(200, await rowsJson(services, idParam(ctx), s)),
    [ids.save]: async (ctx) =>
      json(
        200,
        await saveRows(services, caller(ctx), ctx.ip, s, idParam(ctx), ctx.body as Record<string, unknown>[], {
          removeMissing: s.key !== 'room',
        }),
      ),
  };
  if (s.key === 'room') {
    handlers[ids.remove] = async (ctx) => {
      await deleteRow(services, caller(ctx), ctx.ip, s, idParam(ctx));
      return { status: 204 };
    };
  }
  return handlers;
}

/** All facts calls, built from the sections the schema bundle declares. */
export function factsHandlers(services: Services): HandlerMap {
  const sections = sectionsOf(services.schemas);
  const handlers: Record<string, AnyHandler> = {};
  for (const s of sections)
    Object.assign(handlers, s.kind === 'list' ? listHandlers(services, s) : documentHandlers(services, s));
  // Spec 001 §7: the additional section's update is also sent as POST.
  const additionalUpdate = handlers[operationIds('additional').update];
  if (additionalUpdate) handlers.factsUpdateAdditionalPost = additionalUpdate;

  Object.assign(handlers, historyHandlers(services));

  const initInfo = createInitInfo(services, sections);
  handlers.factsInitInfo = async (ctx) => {
    if (!ctx.property) throw notFound();
    const answer = await initInfo(ctx.property);
    ctx.reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
    if (ctx.req.headers['if-none-match'] === answer.etag) {
      ctx.reply.code(304).send();
      return { status: 204 };
    }
    return { status: 200, file: answer.body, contentType: 'application/json; charset=utf-8' };
  };
  handlers.factsCompleteness = async (ctx) => {
    const id = idParam(ctx);
    const list = await completeness(services, id, acceptedWords(ctx.req));
    return {
      status: 200,
      body: { property: id, publishable: list.every((s) => !s.enabled || s.missing.length === 0), sections: list },
    };
  };
  return handlers as HandlerMap;
}
