import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Reply } from './handler.js';

/** A strong ETag of the bytes answered. */
export function etagOf(bytes: string | Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

/** Does If-None-Match (a list, or *) name this ETag? Weak forms compare equal for GET (RFC 9110 13.1.2). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * Answers a machine read with an ETag of its body, or 304 without a body when the client's copy
 * (If-None-Match) is current: partners poll, and most polls find nothing new. Computed from the
 * answer itself, so it changes exactly when the answer does. Streamed files (none carry a
 * Buffer here) are sent as they are; their handlers set their own validators.
 */
export function sendWithEtag(
  req: FastifyRequest,
  reply: FastifyReply,
  result: Reply<unknown>,
  send: (reply: FastifyReply, result: Reply<unknown>) => FastifyReply,
): FastifyReply {
  if (result.status !== 200) return send(reply, result);
  let bytes: string | Buffer;
  if ('json' in result) bytes = result.json;
  else if ('body' in result) {
    bytes = JSON.stringify(result.body);
    result = { status: result.status, json: bytes, shaped: true };
  } else if ('file' in result && Buffer.isBuffer(result.file)) bytes = result.file;
  else return send(reply, result);
  const etag = etagOf(bytes);
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return send(reply, result);
}
