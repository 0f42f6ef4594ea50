import type { JsonSchema } from '../../../shared/bundle-types.js';
import { documentCodes } from '../../../shared/ota/document-codes.js';
import type { PartnerFactsWire } from '../../../shared/generated/wire-types.js';
import type { Services } from '../../services.js';
import { sectionsOf } from '../facts/index.js';
import type { SectionDocuments } from '../publications/index.js';

/** A document's codes by field path; a list section's rows' codes, each with the row's id (partner-facts.schema.json). */
export type FactCodes = NonNullable<PartnerFactsWire['ota_codes']>;

/**
 * The OpenTravel codes of the published facts, beside `sections` in the partner API's JSON
 * (`ota_codes`): per section the codes of each field that has one for what is stored (a list
 * section: per row, with the row's id), from the same declarations the OTA content reads.
 */
export function factCodes(services: Services, documents: SectionDocuments): FactCodes {
  const options = services.schemas.bundle.options;
  const out: FactCodes = {};
  for (const section of sectionsOf(services.schemas)) {
    const schema = services.schemas.resolved(section.ref) as JsonSchema;
    const data = documents.get(section.key);
    out[section.key] =
      section.kind === 'list'
        ? (Array.isArray(data) ? data : []).map((row) => {
            const r = row as Record<string, unknown>;
            return { id: typeof r.id === 'number' ? r.id : null, ...documentCodes(schema, r, options) };
          })
        : documentCodes(schema, data && !Array.isArray(data) ? (data as Record<string, unknown>) : {}, options);
  }
  return out;
}
