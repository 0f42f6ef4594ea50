import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NON_FIELD_ERRORS, flattenErrors, type ErrorTree } from '../../shared/errors.js';
import { uniqueViolation } from '../db/unique.js';
import { OutageLog, outageOf } from './outage.js';

/**
 * An answer other than success, with its DRF-style body. Thrown anywhere in a handler; the one
 * error handler turns it into the response. Never carries a stack or SQL to the client.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
  }
}

export const badRequest = (errors: ErrorTree | string): ApiError =>
  new ApiError(400, typeof errors === 'string' ? { [NON_FIELD_ERRORS]: [errors] } : errors);

/** 400 naming one field. */
export const fieldError = (field: string, message: string): ApiError => new ApiError(400, { [field]: [message] });

export const notAuthenticated = (): ApiError =>
  new ApiError(401, { detail: 'Authentication credentials were not provided.' });
export const invalidToken = (): ApiError => new ApiError(401, { detail: 'Invalid token.' });
export const forbidden = (detail = 'You do not have permission to perform this action.'): ApiError =>
  new ApiError(403, { detail });
export const notFound = (): ApiError => new ApiError(404, { detail: 'Not found.' });
export const conflict = (detail: string, extra: Record<string, unknown> = {}): ApiError =>
  new ApiError(409, { detail, ...extra });
export const tooLarge = (detail: string): ApiError => new ApiError(413, { detail });

export function throttled(endsAt: Date, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / 1000));
  return new ApiError(
    429,
    {
      detail: `Too many failed sign-in attempts. Try again in ${Math.ceil(seconds / 60)} minutes.`,
      ban_ends_at: endsAt.toISOString(),
    },
    { 'retry-after': String(seconds) },
  );
}

/** Fastify's own 4xx codes (body parsing, limits) as our error bodies. */
function fromFastify(error: FastifyError): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return tooLarge('The request is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(400, { detail: `Unsupported media type "${error.message.split("'")[1] ?? ''}" in request.` });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest('The body is empty; send a JSON document.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badRequest('The body is not valid JSON.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('Send the form as multipart/form-data.');
    default:
      break;
  }
  if (error instanceof SyntaxError) return badRequest('The body is not valid JSON.');
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    // 406 (a multipart field not the JSON it declares) and 415 are bad requests in our contract.
    return new ApiError(error.statusCode === 415 || error.statusCode === 406 ? 400 : error.statusCode, {
      detail: error.message,
    });
  }
  return undefined;
}

/** The error with all its messages also flattened into one text at `field` (routes.json errorField). */
export function withErrorField(error: ApiError, field: string): ApiError {
  if (typeof error.body[field] === 'string') return error;
  const text = flattenErrors(error.body).join(' ');
  return new ApiError(error.status, { ...error.body, [field]: text }, error.headers);
}

/** The answer; a route with an errorField (routes.json) also gets every message flattened there. */
export function sendApiError(reply: FastifyReply, error: ApiError, errorField?: string): FastifyReply {
  const answer = errorField ? withErrorField(error, errorField) : error;
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/** The errorField of the route a request reached (errors raised before its handler: body parsing, limits). */
function errorFieldOf(request: FastifyRequest): string | undefined {
  const config = request.routeOptions.config as { errorField?: unknown } | undefined;
  return typeof config?.errorField === 'string' ? config.errorField : undefined;
}

export function registerErrorHandler(app: FastifyInstance): void {
  const outages = new OutageLog(app.log);
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const api = error instanceof ApiError ? error : fromFastify(error);
    if (api) return sendApiError(reply, api, errorFieldOf(request));
    // The database, Redis or the object store away: the one place an outage becomes an answer,
    // 503 with when to try again and a plain message, the cause in the log (once, not per request).
    const outage = outageOf(error);
    if (outage) {
      outages.note(outage, { route: request.routeOptions.url });
      return sendApiError(
        reply,
        new ApiError(503, { detail: outage.detail }, { 'retry-after': String(outage.retryAfterSeconds) }),
        errorFieldOf(request),
      );
    }
    if (uniqueViolation(error)) {
      // A race a handler did not name a field for (handlers answer their own with onUnique): still never a 500.
      request.log.warn({ err: error }, 'unique violation without an answer of its own');
      return sendApiError(
        reply,
        conflict('Someone else saved the same thing at the same moment. Reload and try again.'),
        errorFieldOf(request),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Server error. It has been logged; please try again.' });
  });
}
