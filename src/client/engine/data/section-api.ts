import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { SectionDefinition, SectionEntry } from '../../../shared/section-types';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Call = (path: string, init: { body?: unknown }) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** How a controller talks to the server; tests hand in their own. */
export interface SectionHttp {
  call(method: Method, template: string, param?: number, body?: unknown): Promise<unknown>;
}

/** A section path from routes.json with its one parameter filled in. */
export function fillPath(template: string, param?: number): string {
  return param === undefined ? template : template.replace(/\{[^}]+\}/, String(param));
}

/**
 * The typed openapi-fetch client, driven by the paths codegen put on each section (the paths
 * are the routes' own, so they exist in the generated `paths`; only their choice is dynamic).
 */
export const sectionHttp: SectionHttp = {
  call(method, template, param, body) {
    const client = api as unknown as Record<Method, Call>;
    return unwrap(client[method](fillPath(template, param), body === undefined ? {} : { body }));
  },
};

/**
 * A section's definition (its code chunk) and its data, fetched together. A failed read gives
 * undefined data: the spec leaves the section empty rather than blocking the editor.
 */
export async function readSection(entry: SectionEntry, http: SectionHttp, template: string, propertyId: number): Promise<[SectionDefinition, unknown]> {
  return Promise.all([entry.load(), http.call('GET', template, propertyId).then((w) => w, () => undefined)]);
}
