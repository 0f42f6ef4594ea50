import type { SectionDocuments } from '../publications/documents.js';

type Facts = Record<string, string | number | boolean | null>;

/** Which published facts each content type shows (s Short, d Default, r Rich), in display order. */
const FIELDS: Record<string, readonly string[]> = {
  s: ['rating', 'address', 'city', 'country'],
  d: ['rating', 'address', 'zip_code', 'city', 'country', 'check_in_time', 'check_out_time', 'phone'],
  r: ['rating', 'address', 'zip_code', 'city', 'country', 'check_in_time', 'check_out_time', 'phone', 'email', 'latitude', 'longitude', 'minimum_age_allowed', 'pets_allowed'],
};

const scalar = (v: unknown): string | number | boolean | null => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null);

/** The facts the embed shows: main info of the latest publication, plus the property's place. */
export function widgetFacts(documents: SectionDocuments, property: { city: string; country: string }, contentType: string): Facts {
  const main = documents.get('main-info');
  const doc = (main && !Array.isArray(main) ? main : {}) as Record<string, unknown>;
  const all: Record<string, unknown> = { ...doc, city: property.city || null, country: property.country || null };
  const out: Facts = {};
  for (const key of FIELDS[contentType] ?? FIELDS.d!) {
    const v = scalar(all[key]);
    if (v !== null && v !== '') out[key] = v;
  }
  return out;
}
