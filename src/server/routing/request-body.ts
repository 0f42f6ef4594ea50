import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDef } from '../../shared/bundle-types.js';
import type { Words } from '../../shared/validation-messages.js';
import { badRequest } from '../plugins/errors.js';
import { clearedFields, reportIgnoredFields } from './ignored-fields.js';
import { checkFileNames, checkInput } from './input-bounds.js';
import { readMultipart, type UploadedFile } from './multipart.js';
import type { ReadMode } from './request-reader.js';
import type { SchemaRegistry } from './schema-registry.js';

/** A call's body as its route takes it: JSON or a multipart form, read, bounded and validated before the handler sees it. */

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * The body of a call, read as DRF reads it (request-reader.ts) and validated: unknown keys
 * dropped and reported (X-Ignored-Fields), scalars coerced, hidden dependents emptied (routes
 * with `normalize`), then the schema's check with the landed DRF-style 400 body.
 * A multipart route also takes its fields as JSON (without files).
 */
export async function readBody(
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
