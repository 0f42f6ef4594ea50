import type { FastifyReply } from 'fastify';
import { redactUrl } from '../plugins/log-redaction.js';

/** The response header naming the request fields that were accepted but not used. */
export const IGNORED_FIELDS_HEADER = 'X-Ignored-Fields';

/**
 * Tell the caller (header `X-Ignored-Fields: a, tax.b, 2.c`) and the debug log that these
 * request fields were ignored, so a misspelt field name never drops data silently. Adds to what
 * an earlier step reported; the header is sent with the answer whatever its status. The request
 * layer calls it for unknown keys; any handler may call it for fields it ignores (e.g. a hidden
 * dependent field sent with a value).
 */
export function reportIgnoredFields(reply: FastifyReply, paths: readonly string[], reason = 'unknown field'): void {
  if (!paths.length) return;
  const current = reply.getHeader(IGNORED_FIELDS_HEADER);
  const seen = typeof current === 'string' && current ? current.split(', ').filter((p) => !p.startsWith('...')) : [];
  const all = [...new Set([...seen, ...paths.map(headerSafe)])];
  const shown = all.slice(0, MAX_LISTED);
  if (all.length > shown.length) shown.push(`...${all.length - shown.length} more`);
  reply.header(IGNORED_FIELDS_HEADER, shown.join(', '));
  reply.log.debug({ ignored: paths, reason, url: redactUrl(reply.request.url) }, 'ignored request fields');
}

/** At most this many names in the header (a body of a thousand unknown keys stays a short header). */
const MAX_LISTED = 50;

/** A header carries visible ASCII only: other characters of a key (and the separator) are %-encoded. */
function headerSafe(path: string): string {
  return path
    .slice(0, 200)
    .replace(/[^A-Za-z0-9_.\-[\]]/gu, (c) =>
      [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    );
}

const hasValue = (v: unknown): boolean => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0);
const isEmpty = (v: unknown): boolean => v === null || (Array.isArray(v) && v.length === 0);

/** The fields the visibility rule emptied although the caller sent them with a value (reported as ignored: hidden dependents are stored as null). */
export function clearedFields(sent: unknown, kept: unknown, prefix: string[] = []): string[] {
  if (!sent || typeof sent !== 'object' || !kept || typeof kept !== 'object') return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(sent)) {
    const after = (kept as Record<string, unknown>)[key];
    // The path is spelt out only for a field reported or walked into (a 50-row list has thousands of fields).
    if (hasValue(value) && isEmpty(after)) out.push([...prefix, key].join('.'));
    else if (value && typeof value === 'object' && after && typeof after === 'object' && prefix.length < 8)
      out.push(...clearedFields(value, after, [...prefix, key]));
  }
  return out;
}
