import { sql, type RawBuilder } from 'kysely';
import { PARTNERS_PAGE_SIZE } from '../../../shared/generated/value-lists.js';
import type { Services } from '../../services.js';
import { jsonText as jsonTextOf } from '../../db/json-text.js';

/** Partner and contract lists: 20 a page (x-page-size of schemas/partners/page-query), the page number in the query (spec 000 §9). */
export const PAGE_SIZE = PARTNERS_PAGE_SIZE;

export interface PageOf<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The offset of a page (1-based). */
export const offsetOf = (page: number): number => (page - 1) * PAGE_SIZE;

/**
 * The page frame DRF answers: count, next and previous as absolute URLs of the same call (null at
 * the ends). A page past the end is an empty page whose previous leads to the last one.
 */
export function pageOf<T>(
  services: Services,
  path: string,
  page: number,
  count: number,
  results: T[],
  query: Record<string, string | number | null | undefined> = {},
): PageOf<T> {
  const last = Math.max(1, Math.ceil(count / PAGE_SIZE));
  // The other query parameters of the call travel with the page (the filters of a GET).
  const rest = Object.entries(query)
    .filter(([k, v]) => k !== 'page' && v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `&${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('');
  const link = (n: number) => `${services.config.publicUrl}/${path}?page=${n}${rest}`;
  return {
    count,
    next: page < last ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, last)) : null,
    results,
  };
}

/** A text field of a JSON document stored as text, on either dialect. */
export function jsonText(services: Services, column: string, key: string): RawBuilder<string | null> {
  return jsonTextOf(services.db.dialect, column, key);
}

/** `%text%` for LIKE, with the wildcards in the text taken literally (escape character \); NUL never reaches the database. */
export function containing(text: string): string {
  return `%${text
    .split('\u0000')
    .join('')
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `text%` for LIKE, the wildcards in the text taken literally (see containing). */
export function startingWith(text: string): string {
  return containing(text).slice(1);
}

/** lower(expression) LIKE pattern ESCAPE '\' on either dialect. */
export function likeLower(
  expression: RawBuilder<unknown> | ReturnType<typeof sql.ref>,
  pattern: string,
): RawBuilder<boolean> {
  return sql<boolean>`lower(${expression}) like ${pattern} escape '\\'`;
}
