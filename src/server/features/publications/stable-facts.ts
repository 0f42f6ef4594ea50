import type { SchemaNode } from '../../../shared/fact-sheet/index.js';
import type { Services } from '../../services.js';
import { sectionsOf } from '../facts/index.js';
import type { SectionDocuments } from './documents.js';

/** A fact document in its stable shape: every field of its schema is a key (null when unset). */
export type StableDocument = Record<string, unknown>;

/** Every fact section by key: a document, or a list section's rows in order. */
export type StableFacts = Record<string, StableDocument | StableDocument[]>;

/** Keys that identify storage, not facts: machines get the property id once, not per section. */
const STORAGE_KEYS = new Set(['hotel']);

const isObjectSchema = (s: SchemaNode): boolean =>
  s.type === 'object' || (s.properties !== undefined && s.type === undefined);

function stableValue(schema: SchemaNode, value: unknown): unknown {
  if (value === undefined) return isObjectSchema(schema) && schema.properties ? stableObject(schema, {}) : null;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && schema.properties)
    return stableObject(schema, value as Record<string, unknown>);
  if (Array.isArray(value) && schema.items?.properties)
    return value.map((v) => stableValue(schema.items as SchemaNode, v));
  return value;
}

function stableObject(schema: SchemaNode, data: Record<string, unknown>): StableDocument {
  const out: StableDocument = {};
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    if (STORAGE_KEYS.has(key)) continue;
    out[key] = stableValue(sub, data[key]);
  }
  return out;
}

/**
 * The facts in one stable shape for machines (the partner API, JSON and CSV exports): every section
 * of the schemas is present, every field of a section's schema is a key (null when the hotel has not
 * set it), and a list section is an array of rows with every field of its item schema. A field added
 * to a schema therefore appears in every machine output at once, and a consumer never has to tell
 * "unset" from "unknown field". Keys outside the schema are dropped.
 */
export function stableFacts(services: Services, documents: SectionDocuments): StableFacts {
  const out: StableFacts = {};
  for (const section of sectionsOf(services.schemas)) {
    const schema = services.schemas.resolved(section.ref) as SchemaNode;
    const data = documents.get(section.key);
    out[section.key] =
      section.kind === 'list'
        ? (Array.isArray(data) ? data : []).map((row) => stableObject(schema, row))
        : stableObject(schema, data && !Array.isArray(data) ? data : {});
  }
  return out;
}
