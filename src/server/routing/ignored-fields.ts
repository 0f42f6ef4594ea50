import type { FastifyReply } from 'fastify';

/**
 * The X-Ignored-Fields answer header: what the server did not take from the body as sent, so a
 * client is never silently surprised. Issue "Wire fidelity" reports unknown keys here; a hidden
 * dependent field sent with a value (stored as null, as the spec asks) is reported here too.
 * Comma-separated field paths, rows of a list as "0.field"; several reporters merge.
 */
export const IGNORED_FIELDS_HEADER = 'x-ignored-fields';

export function reportIgnored(reply: FastifyReply, paths: readonly string[]): void {
  if (!paths.length) return;
  const existing = reply.getHeader(IGNORED_FIELDS_HEADER);
  const seen = typeof existing === 'string' && existing ? existing.split(',').map((p) => p.trim()) : [];
  const all = [...new Set([...seen, ...paths])];
  // Header values carry no control characters; names with them are reported without.
  reply.header(IGNORED_FIELDS_HEADER, all.map((p) => p.replace(/[^\x20-\x7e]/g, '')).join(', '));
}

const hasValue = (v: unknown): boolean => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0);
const isEmpty = (v: unknown): boolean => v === null || (Array.isArray(v) && v.length === 0);

/** The fields the visibility rule emptied although the caller sent them with a value. */
export function clearedFields(sent: unknown, kept: unknown, prefix: string[] = []): string[] {
  if (!sent || typeof sent !== 'object' || !kept || typeof kept !== 'object') return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(sent)) {
    const after = (kept as Record<string, unknown>)[key];
    const path = [...prefix, key];
    if (hasValue(value) && isEmpty(after)) out.push(path.join('.'));
    else if (value && typeof value === 'object' && after && typeof after === 'object' && prefix.length < 8) out.push(...clearedFields(value, after, path));
  }
  return out;
}
