import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDef } from '../../shared/bundle-types.js';
import type { OperationId } from '../../shared/generated/operations.js';
import { ApiError, badRequest, fieldError, forbidden, notAuthenticated, invalidToken, notFound, sendApiError } from '../plugins/errors.js';
import type { Services } from '../services.js';
import type { AuthContext, ScopedProperty } from './auth-context.js';
import type { Ctx, Handler, HandlerMap, Reply } from './handler.js';
import { readMultipart, type UploadedFile } from './multipart.js';
import { checkFileNames, checkInput, pathId } from './input-bounds.js';
import { clearedFields, reportIgnored } from './ignored-fields.js';

export type Authenticate = (req: FastifyRequest) => Promise<AuthContext | null | 'invalid'>;
/** Throws 404 unless the caller may see the property; answers what the handler may reuse. */
export type PropertyGuard = (auth: AuthContext, propertyId: number) => Promise<ScopedProperty>;

export interface RouterDeps {
  services: Services;
  handlers: HandlerMap;
  authenticate: Authenticate;
  propertyGuard?: PropertyGuard;
}

/** routes.json path -> Fastify URL: api/facts/rooms/{hotelId}/ -> /api/facts/rooms/:hotelId/ */
export function fastifyUrl(path: string): string {
  return `/${path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1')}`;
}

/** Every route of the table must have a handler and every handler a route: checked at start. */
export function checkHandlers(routes: readonly RouteDef[], handlers: HandlerMap): void {
  const ids = new Set(routes.map((r) => r.operationId));
  const missing = routes.filter((r) => !handlers[r.operationId as OperationId]).map((r) => r.operationId);
  const extra = Object.keys(handlers).filter((op) => !ids.has(op));
  if (missing.length || extra.length) {
    throw new Error(
      [missing.length ? `routes without a handler: ${missing.join(', ')}` : '', extra.length ? `handlers without a route: ${extra.join(', ')}` : '']
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
    throw forbidden(`You need the "${route.permission.replace(/_/g, ' ')}" permission for this.`);
  }
}

function propertyIdOf(route: RouteDef, params: Record<string, unknown>, query: unknown, body: unknown): number | undefined {
  if (!route.property) return undefined;
  const source = route.property.in === 'path' ? params : route.property.in === 'query' ? query : body;
  const value = (source as Record<string, unknown> | undefined)?.[route.property.name];
  if (Array.isArray(source) && route.property.in === 'body') return undefined;
  return typeof value === 'number' ? value : typeof value === 'string' && POSITIVE_INT.test(value) ? Number(value) : undefined;
}

function send(reply: FastifyReply, result: Reply<unknown>): FastifyReply {
  if ('json' in result) return reply.code(result.status).type('application/json; charset=utf-8').send(result.json);
  if ('file' in result) {
    reply.code(result.status).type(result.contentType);
    if (result.filename) reply.header('content-disposition', `attachment; filename="${result.filename.replace(/"/g, '')}"`);
    return reply.send(result.file);
  }
  if ('body' in result && result.status !== 204) return reply.code(result.status).send(result.body);
  return reply.code(204).send();
}

/** Register every route of the schema bundle: auth → access → scope → validation → handler. */
export function registerRoutes(app: FastifyInstance, deps: RouterDeps): void {
  const { services, handlers, authenticate, propertyGuard } = deps;
  const { schemas } = services;
  const routes = schemas.bundle.routes;
  checkHandlers(routes, handlers);
  if (!propertyGuard && routes.some((r) => r.property)) throw new Error('routes with a property scope need a property guard');

  for (const route of routes) {
    const handler = handlers[route.operationId as OperationId] as unknown as Handler<OperationId>;
    const bodyValidator = route.body && route.body.contentType !== 'multipart/form-data' ? schemas.validator(route.body.schema) : undefined;
    app.route({
      method: route.method,
      url: fastifyUrl(route.path),
      config: { operationId: route.operationId },
      handler: async (req, reply) => {
        try {
          const resolved = await authenticate(req);
          if (resolved === 'invalid' && route.access !== 'public') throw invalidToken();
          const auth = resolved === 'invalid' ? null : resolved;
          checkAccess(route, auth);
          const params = parseParams(route, req.params as Record<string, string>);
          let query: unknown = {};
          if (route.query) {
            query = { ...(req.query as object) };
            checkInput(query);
            const errors = schemas.check(schemas.coercingValidator(route.query), route.query, query);
            if (errors) throw badRequest(errors);
            checkInput(query); // again: coercion may have made Infinity of '1e400'
          }
          let property: ScopedProperty | undefined;
          const pathProperty = route.property?.in === 'path' ? propertyIdOf(route, params, query, undefined) : undefined;
          if (pathProperty !== undefined && auth) property = await propertyGuard!(auth, pathProperty);
          let body: unknown = req.body;
          let files: UploadedFile[] = [];
          if (route.body?.contentType === 'multipart/form-data') {
            const form = await readMultipart(req, { maxFileBytes: route.body.maxFileBytes ?? 5 * 1_048_576, maxFiles: route.body.maxFiles ?? 1 });
            files = form.files;
            checkInput(form.fields);
            checkFileNames(files);
            const fields: Record<string, unknown> = { ...form.fields };
            for (const f of files) delete fields[f.field];
            const errors = schemas.check(schemas.coercingValidator(route.body.schema), route.body.schema, fields);
            if (errors) throw badRequest(errors);
            checkInput(fields);
            body = fields;
          } else if (route.body && bodyValidator) {
            if (body === undefined || body === null) {
              if (!route.body.optional) throw badRequest('The body is empty; send a JSON document.');
            } else {
              checkInput(body, () => schemas.itemLabel(route.body!.schema));
              if (route.normalize) {
                const sent = body;
                body = schemas.clearHidden(route.body.schema, body, route.body.list);
                // Hidden dependents are stored as null (the spec's rule): the answer says which were dropped.
                reportIgnored(reply, clearedFields(sent, body));
              }
              const errors = schemas.check(bodyValidator, route.body.schema, body, { list: route.body.list });
              if (errors) throw badRequest(errors);
            }
          }
          if (route.property && route.property.in !== 'path' && auth) {
            const id = propertyIdOf(route, params, query, body);
            if (id !== undefined) property = await propertyGuard!(auth, id);
            // A call scoped by a property named in its body cannot go on without it.
            else if (route.property.in === 'body') throw fieldError(route.property.name, 'This field is required.');
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
          const result = await handler(ctx);
          if (reply.sent) return reply;
          return send(reply, result as Reply<unknown>);
        } catch (error) {
          if (error instanceof ApiError) return sendApiError(reply, error);
          throw error;
        }
      },
    });
  }
}
