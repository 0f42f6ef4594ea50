import { fillPath, type SectionHttp } from '../../../src/client/engine/data/section-api';
import { sections } from '../../../src/shared/generated/sections/index';
import type { SectionEntry } from '../../../src/shared/section-types';

/** A generated fact section's entry, by key (what the editor's tab mounts). */
export function sectionEntry(key: string): SectionEntry {
  const entry = sections.find((s) => s.key === key);
  if (!entry) throw new Error(`no section ${key}`);
  return entry;
}

/**
 * The server a section controller talks to, as a saved section of property 7: reads answer
 * `stored`; a save answers what was sent with the next version, and is recorded (wire names).
 */
export function savedSection(stored: Record<string, unknown> = {}) {
  const sent: { method: string; path: string; body: Record<string, unknown> }[] = [];
  let version = 1;
  const http: SectionHttp = {
    async call(method, template, param, body) {
      const path = fillPath(template, param);
      if (method === 'GET') return { id: 7, hotel: 7, version, ...stored };
      sent.push({ method, path, body: body as Record<string, unknown> });
      return { ...(body as object), id: 7, version: ++version };
    },
  };
  return { http, sent, last: () => sent.at(-1)?.body };
}
