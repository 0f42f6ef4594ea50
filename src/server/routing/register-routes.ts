import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDef } from '../../shared/bundle-types.js';
import type { OperationId } from '../../shared/generated/operations.js';
import { ApiError, badRequest, fieldError, invalidToken, sendApiError } from '../plugins/errors.js';
import type { Services } from '../services.js';
import type { AuthContext, ScopedProperty } from './auth-context.js';
import type { Ctx, Handler, HandlerMap, Reply } from './handler.js';
import type { Precheck, PrecheckMap } from './precheck.js';
import type { UploadedFile } from './multipart.js';
import { reportIgnoredFields } from './ignored-fields.js';
import type { SchemaRegistry } from './schema-registry.js';
import { checkInput } from './input-bounds.js';
import { contentDisposition } from './download-name.js';
import { readBody } from './request-body.js';
import { checkAccess, parseParams, propertyIdOf } from './route-checks.js';
import { sendWithEtag } from './etag.js';
import { needsStepUp } from './step-up-rule.js';
import { acceptedWords } from './request-language.js';
import type { Words } from '../../shared/validation-messages.js';

export type Authenticate = (req: FastifyRequest) => Promise<AuthContext | null | 'invalid'>;
/** Throws 404 unless the caller may see the property; answers what the handler may reuse. */
export type PropertyGuard = (auth: AuthContext, propertyId: number) => Promise<ScopedProperty>;

export interface RouterDeps {
  services: Services;
  handlers: HandlerMap;
  authenticate: Authenticate;
  propertyGuard?: PropertyGuard;
  /** Routes marked `ticket`: a stream ticket of the query in place of the token. */
  ticketAuthenticate?: (ticket: string) => Promise<AuthContext | 'invalid'>;
  /** Routes of access `apiKey` (the partner API): the key of the request, checked, or an ApiError. */
  keyAuthenticate?: (req: FastifyRequest) => Promise<AuthContext>;
  /** Calls of routes marked `stepUp` (step-up-rule.ts): throws 403 step_up_required unless the session proved who uses it lately. */
  stepUp?: (auth: AuthContext) => Promise<void>;
  /** Handlers' own input checks, run before the step-up proof (precheck.ts), keyed by operationId. */
  prechecks?: PrecheckMap;
}

/** routes.json path -> Fastify URL: api/facts/rooms/{hotelId}/ -> /api/facts/rooms/:hotelId/ */
export function fastifyUrl(path: string): string {
  return `/${path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1')}`;
}

/**
 * Every route of the table must have a handler and every handler a route; a pre-check must
 * belong to a route (a misspelt one would silently never run): checked at start.
 */
export function checkHandlers(routes: readonly RouteDef[], handlers: HandlerMap, prechecks: PrecheckMap = {}): void {
  const ids = new Set(routes.map((r) => r.operationId));
  const missing = routes.filter((r) => !handlers[r.operationId as OperationId]).map((r) => r.operationId);
  const extra = Object.keys(handlers).filter((op) => !ids.has(op));
  const stray = Object.keys(prechecks).filter((op) => !ids.has(op));
  if (missing.length || extra.length || stray.length) {
    throw new Error(
      [
        missing.length ? `routes without a handler: ${missing.join(', ')}` : '',
        extra.length ? `handlers without a route: ${extra.join(', ')}` : '',
        stray.length ? `pre-checks without a route: ${stray.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; '),
    );
  }
}

function send(reply: FastifyReply, result: Reply<unknown>): FastifyReply {
  if ('json' in result) return reply.code(result.status).type('application/json; charset=utf-8').send(result.json);
  if ('file' in result) {
    reply.code(result.status).type(result.contentType);
    if (result.filename) reply.header('content-disposition', contentDisposition(result.filename));
    return reply.send(result.file);
  }
  if ('body' in result && result.status !== 204) return reply.code(result.status).send(result.body);
  return reply.code(204).send();
}

/** The answer completed to the route's response schema for its status: every field, in order. */
function answered(schemas: SchemaRegistry, route: RouteDef, result: Reply<unknown>): Reply<unknown> {
  const res = route.responses[String(result.status)];
  if (!res?.schema) return result;
  if ('body' in result) return { ...result, body: schemas.complete(res.schema, result.body, res.list) };
  if ('json' in result && !result.shaped)
    return { ...result, json: schemas.completeJson(res.schema, result.json, res.list), shaped: true };
  return result;
}

async function keyAuthenticateOrFail(
  keyAuthenticate: RouterDeps['keyAuthenticate'],
  req: FastifyRequest,
): Promise<AuthContext> {
  if (!keyAuthenticate) throw new Error('routes of access apiKey need a key authenticator');
  return keyAuthenticate(req);
}

/** Who calls: the API key (partner routes), the session, else a stream ticket; a bad token is 401 unless the route is public. */
async function callerOf(route: RouteDef, req: FastifyRequest, deps: RouterDeps): Promise<AuthContext | null> {
  const { authenticate, ticketAuthenticate, keyAuthenticate } = deps;
  let resolved =
    route.access === 'apiKey' ? await keyAuthenticateOrFail(keyAuthenticate, req) : await authenticate(req);
  const ticket = route.ticket ? (req.query as Record<string, unknown>).ticket : undefined;
  if (resolved === null && typeof ticket === 'string' && ticket && ticketAuthenticate)
    resolved = await ticketAuthenticate(ticket);
  if (resolved === 'invalid' && route.access !== 'public') throw invalidToken();
  return resolved === 'invalid' ? null : resolved;
}

/** The query of a route that takes one, read and validated. */
function readQuery(
  schema: string,
  req: FastifyRequest,
  reply: FastifyReply,
  schemas: SchemaRegistry,
  words: Words,
): unknown {
  const raw = { ...(req.query as object) };
  checkInput(raw);
  // Read as form data (text values; unknown parameters ignored and named), defaults filled.
  // The reader alone turns text into numbers (decimal digits only): ajv's own coercion
  // would read JavaScript's spellings too (0x1, 0b1, 1e0, .1e1 as 1).
  const read = schemas.readRequest(schema, raw, 'form');
  reportIgnoredFields(reply, read.ignored);
  const query = read.value;
  const errors = schemas.check(schemas.defaultsValidator(schema), schema, query, { words });
  if (errors) throw badRequest(errors);
  checkInput(query); // again: coercion may have made Infinity of '1e400'
  return query;
}

/**
 * The handler's context: path values, query, body and files read and validated, and the property
 * the call names checked against the caller's scope (a path's before the body is read).
 */
async function contextOf(
  route: RouteDef,
  req: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext | null,
  deps: RouterDeps,
): Promise<Ctx<OperationId>> {
  const { schemas } = deps.services;
  const propertyGuard = deps.propertyGuard!;
  const params = parseParams(route, req.params as Record<string, string>);
  const words = acceptedWords(req);
  const query: unknown = route.query ? readQuery(route.query, req, reply, schemas, words) : {};
  let property: ScopedProperty | undefined;
  const pathProperty = route.property?.in === 'path' ? propertyIdOf(route, params, query, undefined) : undefined;
  if (pathProperty !== undefined && auth) property = await propertyGuard(auth, pathProperty);
  let files: UploadedFile[] = [];
  let body: unknown = req.body;
  if (route.body) {
    const read = await readBody(route, req, reply, schemas, words);
    body = read.body;
    files = read.files;
  }
  if (route.property && route.property.in !== 'path' && auth) {
    const id = propertyIdOf(route, params, query, body);
    if (id !== undefined) property = await propertyGuard(auth, id);
    // A call scoped by a property named in its body cannot go on without it.
    else if (route.property.in === 'body') throw fieldError(route.property.name, words.text('validation.required'));
  }
  return {
    params: params as never,
    query: query as never,
    body: body as never,
    auth,
    req,
    reply,
    ip: req.ip,
    files,
    property,
  };
}

/** One call of a route: auth → access → scope → validation → pre-check → step-up → handler → answer. */
async function serve(
  route: RouteDef,
  call: { handler: Handler<OperationId>; precheck?: Precheck<OperationId> },
  deps: RouterDeps,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const auth = await callerOf(route, req, deps);
  checkAccess(route, auth);
  const ctx = await contextOf(route, req, reply, auth, deps);
  const { body, property } = ctx;
  // The handler's own input checks (precheck.ts): a form wrong anyway answers its 400 before
  // the step-up below asks for a password; they have no side effect, so nothing is done unproved.
  if (call.precheck) await call.precheck({ params: ctx.params, query: ctx.query, body, auth, property });
  // Asked last of the router's checks: a call it refuses anyway (401, 403, 400, a property out
  // of scope: 404) never asks for a proof first. Here, not in handlers: a route declared
  // stepUp cannot be reached without the proof, so the handler's own refusals (another
  // account's record: 404; a move out of turn: 409) come after it and tell a stale session nothing.
  if (auth && needsStepUp(route, body)) await deps.stepUp!(auth);
  const result = await call.handler(ctx);
  if (reply.sent) return reply;
  const answer = answered(deps.services.schemas, route, result as Reply<unknown>);
  if (route.access === 'apiKey' && route.method === 'GET') return sendWithEtag(req, reply, answer, send);
  return send(reply, answer);
}

/**
 * Register every route of the schema bundle: auth → access → scope → validation → pre-check →
 * step-up → handler.
 */
export function registerRoutes(app: FastifyInstance, deps: RouterDeps): void {
  const { handlers, propertyGuard, stepUp } = deps;
  const prechecks = deps.prechecks ?? {};
  const routes = deps.services.schemas.bundle.routes;
  checkHandlers(routes, handlers, prechecks);
  if (!propertyGuard && routes.some((r) => r.property))
    throw new Error('routes with a property scope need a property guard');
  if (!stepUp && routes.some((r) => r.stepUp)) throw new Error('routes marked stepUp need a step-up check');

  for (const route of routes) {
    const handler = handlers[route.operationId as OperationId] as unknown as Handler<OperationId>;
    const precheck = prechecks[route.operationId as OperationId] as unknown as Precheck<OperationId> | undefined;
    app.route({
      method: route.method,
      url: fastifyUrl(route.path),
      config: { operationId: route.operationId, errorField: route.errorField },
      handler: async (req, reply) => {
        try {
          return await serve(route, { handler, precheck }, deps, req, reply);
        } catch (error) {
          if (error instanceof ApiError) return sendApiError(reply, error, route.errorField);
          throw error;
        }
      },
    });
  }
}
