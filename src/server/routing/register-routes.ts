import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDef } from '../../shared/bundle-types.js';
import type { OperationId } from '../../shared/generated/operations.js';
import {
  ApiError,
  badRequest,
  fieldError,
  forbidden,
  notAuthenticated,
  invalidToken,
  notFound,
  sendApiError,
} from '../plugins/errors.js';
import type { Services } from '../services.js';
import type { AuthContext, ScopedProperty } from './auth-context.js';
import type { Ctx, Handler, HandlerMap, Reply } from './handler.js';
import type { Precheck, PrecheckMap } from './precheck.js';
import { readMultipart, type UploadedFile } from './multipart.js';
import { reportIgnoredFields } from './ignored-fields.js';
import type { ReadMode } from './request-reader.js';
import type { SchemaRegistry } from './schema-registry.js';
import { checkFileNames, checkInput, pathId } from './input-bounds.js';
import { contentDisposition } from './download-name.js';
import { clearedFields } from './ignored-fields.js';
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

const POSITIVE_INT = /^[1-9]\d{0,15}$/;

function parseParams(route: RouteDef, raw: Record<string, string>): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if ((route.params?.[name] ?? 'integer') === 'integer') {
      // A non-numeric or out-of-range id names nothing that exists: 404, as a URL pattern would.
      out[name] = pathId(value);
    } else if (value.includes('\0')) throw notFound();
    else out[name] = value;
  }
  return out;
}

function checkAccess(route: RouteDef, auth: AuthContext | null): void {
  if (route.access === 'public') return;
  if (!auth) throw notAuthenticated();
  if (route.access === 'staff' && !auth.user.isStaff) throw forbidden();
  if (route.access === 'manager' && !auth.isOwner) throw forbidden('Only the account owner may do this.');
  if (route.accountType && auth.user.accountType !== route.accountType) {
    throw forbidden(`This is for ${route.accountType === 'to' ? 'tour operator' : 'accommodation'} accounts.`);
  }
  if (route.permission && !auth.can(route.permission)) {
    throw forbidden(
      `You need the "${route.permission.replace(/_/g, ' ')}" permission for this: ask your account's owner to grant it (Team).`,
    );
  }
}

function propertyIdOf(
  route: RouteDef,
  params: Record<string, unknown>,
  query: unknown,
  body: unknown,
): number | undefined {
  if (!route.property) return undefined;
  const source = route.property.in === 'path' ? params : route.property.in === 'query' ? query : body;
  const value = (source as Record<string, unknown> | undefined)?.[route.property.name];
  if (Array.isArray(source) && route.property.in === 'body') return undefined;
  return typeof value === 'number'
    ? value
    : typeof value === 'string' && POSITIVE_INT.test(value)
      ? Number(value)
      : undefined;
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

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * The body of a call, read as DRF reads it (request-reader.ts) and validated: unknown keys
 * dropped and reported (X-Ignored-Fields), scalars coerced, hidden dependents emptied (routes
 * with `normalize`), then the schema's check with the landed DRF-style 400 body.
 * A multipart route also takes its fields as JSON (without files).
 */
async function readBody(
  route: RouteDef,
  req: FastifyRequest,
  reply: FastifyReply,
  schemas: SchemaRegistry,
  words: Words,
): Promise<{ body: unknown; files: UploadedFile[] }> {
  const spec = route.body!;
  const form = spec.contentType === 'multipart/form-data';
  let files: UploadedFile[] = [];
  let raw: unknown = req.body;
  let mode: ReadMode = 'json';
  if (form && (req.isMultipart() || !isPlainObject(raw))) {
    const parts = await readMultipart(req, {
      maxFileBytes: spec.maxFileBytes ?? 5 * 1_048_576,
      maxFiles: spec.maxFiles ?? 1,
    });
    files = parts.files;
    checkInput(parts.fields);
    checkFileNames(files);
    const fields: Record<string, unknown> = { ...parts.fields };
    for (const f of files) delete fields[f.field];
    raw = fields;
    mode = 'form';
  } else if (raw === undefined || raw === null) {
    if (spec.optional) return { body: raw, files };
    throw badRequest('The body is empty; send a JSON document.');
  } else if (form) {
    raw = withoutFileFields(schemas, spec.schema, raw as Record<string, unknown>, reply);
  }
  const itemLabel = () => schemas.itemLabel(spec.schema, words);
  if (mode === 'json') checkInput(raw, itemLabel, words);
  const read = schemas.readRequest(spec.schema, raw, mode, spec.list);
  reportIgnoredFields(reply, read.ignored);
  let body = read.value;
  // Coercion may have made Infinity of '1e400'.
  checkInput(body, itemLabel, words);
  if (route.normalize) {
    const sent = body;
    body = schemas.clearHidden(spec.schema, body, spec.list);
    // Hidden dependents are stored as null (the spec's rule): the answer says which were dropped.
    reportIgnoredFields(reply, clearedFields(sent, body), 'hidden dependent field (stored as null)');
  }
  const validate = form ? schemas.defaultsValidator(spec.schema) : schemas.validator(spec.schema);
  const errors = schemas.check(validate, spec.schema, body, { list: spec.list, words });
  if (errors) throw badRequest(errors);
  return { body, files };
}

/** A form's file fields sent in JSON: null or "" mean no file; anything else is not a file and is ignored. */
function withoutFileFields(
  schemas: SchemaRegistry,
  ref: string,
  body: Record<string, unknown>,
  reply: FastifyReply,
): Record<string, unknown> {
  const props = (schemas.resolved(ref).properties ?? {}) as Record<string, { contentMediaType?: unknown }>;
  const out = { ...body };
  const ignored: string[] = [];
  for (const [name, prop] of Object.entries(props)) {
    if (prop.contentMediaType === undefined || !(name in out)) continue;
    if (out[name] !== null && out[name] !== '') ignored.push(name);
    delete out[name];
  }
  reportIgnoredFields(reply, ignored, 'a file field in a JSON body (send files as multipart/form-data)');
  return out;
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

/**
 * Register every route of the schema bundle: auth → access → scope → validation → pre-check →
 * step-up → handler.
 */
export function registerRoutes(app: FastifyInstance, deps: RouterDeps): void {
  const { services, handlers, authenticate, propertyGuard, ticketAuthenticate, keyAuthenticate, stepUp } = deps;
  const prechecks = deps.prechecks ?? {};
  const { schemas } = services;
  const routes = schemas.bundle.routes;
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
          let resolved =
            route.access === 'apiKey' ? await keyAuthenticateOrFail(keyAuthenticate, req) : await authenticate(req);
          const ticket = route.ticket ? (req.query as Record<string, unknown>).ticket : undefined;
          if (resolved === null && typeof ticket === 'string' && ticket && ticketAuthenticate)
            resolved = await ticketAuthenticate(ticket);
          if (resolved === 'invalid' && route.access !== 'public') throw invalidToken();
          const auth = resolved === 'invalid' ? null : resolved;
          checkAccess(route, auth);
          const params = parseParams(route, req.params as Record<string, string>);
          const words = acceptedWords(req);
          let query: unknown = {};
          if (route.query) {
            const raw = { ...(req.query as object) };
            checkInput(raw);
            // Read as form data (text values; unknown parameters ignored and named), defaults filled.
            // The reader alone turns text into numbers (decimal digits only): ajv's own coercion
            // would read JavaScript's spellings too (0x1, 0b1, 1e0, .1e1 as 1).
            const read = schemas.readRequest(route.query, raw, 'form');
            reportIgnoredFields(reply, read.ignored);
            query = read.value;
            const errors = schemas.check(schemas.defaultsValidator(route.query), route.query, query, { words });
            if (errors) throw badRequest(errors);
            checkInput(query); // again: coercion may have made Infinity of '1e400'
          }
          let property: ScopedProperty | undefined;
          const pathProperty =
            route.property?.in === 'path' ? propertyIdOf(route, params, query, undefined) : undefined;
          if (pathProperty !== undefined && auth) property = await propertyGuard!(auth, pathProperty);
          let files: UploadedFile[] = [];
          let body: unknown = req.body;
          if (route.body) {
            const read = await readBody(route, req, reply, schemas, words);
            body = read.body;
            files = read.files;
          }
          if (route.property && route.property.in !== 'path' && auth) {
            const id = propertyIdOf(route, params, query, body);
            if (id !== undefined) property = await propertyGuard!(auth, id);
            // A call scoped by a property named in its body cannot go on without it.
            else if (route.property.in === 'body')
              throw fieldError(route.property.name, words.text('validation.required'));
          }
          const ctx: Ctx<OperationId> = {
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
          // The handler's own input checks (precheck.ts): a form wrong anyway answers its 400 before
          // the step-up below asks for a password; they have no side effect, so nothing is done unproved.
          if (precheck) await precheck({ params: ctx.params, query: ctx.query, body: ctx.body, auth, property });
          // Asked last of the router's checks: a call it refuses anyway (401, 403, 400, a property out
          // of scope: 404) never asks for a proof first. Here, not in handlers: a route declared
          // stepUp cannot be reached without the proof, so the handler's own refusals (another
          // account's record: 404; a move out of turn: 409) come after it and tell a stale session nothing.
          if (auth && needsStepUp(route, body)) await stepUp!(auth);
          const result = await handler(ctx);
          if (reply.sent) return reply;
          const answer = answered(schemas, route, result as Reply<unknown>);
          if (route.access === 'apiKey' && route.method === 'GET') return sendWithEtag(req, reply, answer, send);
          return send(reply, answer);
        } catch (error) {
          if (error instanceof ApiError) return sendApiError(reply, error, route.errorField);
          throw error;
        }
      },
    });
  }
}
