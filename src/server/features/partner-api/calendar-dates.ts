import type { JsonSchema } from '../../../shared/bundle-types.js';
import { isCalendarDate } from '../../../shared/formats.js';
import type { Services } from '../../services.js';
import { sectionsOf } from '../facts/index.js';
import type { SectionDocuments } from '../publications/index.js';

type Doc = Record<string, unknown>;

/** What a feed sends of the facts: the documents without impossible dates, and one warning per date left out. */
export interface CalendarSafe {
  documents: SectionDocuments;
  /** ASCII sentences (they also go in a Warning header and the OTA message's Warnings). */
  warnings: string[];
}

/**
 * Stored dates that name no calendar day (2027-02-30: saved before every date was checked, see
 * migration 0038) never reach a partner. A feed leaves such a value out (null, as an unset date)
 * and says so in a warning, rather than send an OTA document the official schema refuses or a
 * day that JavaScript would roll over into the next month. Judged by the section schemas: every
 * `format: date` field, at any depth, in documents and in every row of a list.
 */
export function withoutImpossibleDates(services: Services, documents: SectionDocuments): CalendarSafe {
  const warnings: string[] = [];
  const out: SectionDocuments = new Map(documents);
  for (const section of sectionsOf(services.schemas)) {
    const data = documents.get(section.key);
    if (!data) continue;
    const schema = services.schemas.resolved(section.ref);
    const warn = (where: string) => (field: string, value: string) =>
      warnings.push(`${where}: ${field} ${value.slice(0, 40)} is not a calendar date; left out`);
    if (Array.isArray(data)) {
      out.set(
        section.key,
        data.map((row, n) => clean(schema, row, warn(`${section.itemLabel} ${String(row.id ?? `#${n + 1}`)}`)) as Doc),
      );
    } else out.set(section.key, clean(schema, data, warn(section.title)) as Doc);
  }
  return { documents: out, warnings };
}

/** The value with every impossible date of `schema` set to null (a copy only where something changed). */
function clean(schema: JsonSchema, value: unknown, warn: (field: string, value: string) => void, title = ''): unknown {
  if (schema.format === 'date' && typeof value === 'string' && !isCalendarDate(value)) {
    warn(title || 'a date', value);
    return null;
  }
  if (Array.isArray(value) && schema.items && typeof schema.items === 'object') {
    const items = schema.items as JsonSchema;
    const next = value.map((v) => clean(items, v, warn, title));
    return next.some((v, i) => v !== value[i]) ? next : value;
  }
  if (value && typeof value === 'object' && !Array.isArray(value) && schema.properties) {
    const props = schema.properties as Record<string, JsonSchema>;
    let copy: Doc | undefined;
    for (const [key, v] of Object.entries(value as Doc)) {
      const sub = props[key];
      if (!sub) continue;
      const label = typeof sub.title === 'string' ? sub.title : key;
      const next = clean(sub, v, warn, title ? `${title}, ${label}` : label);
      if (next !== v) (copy ??= { ...(value as Doc) })[key] = next;
    }
    return copy ?? value;
  }
  return value;
}
