import { createAjv } from '../src/shared/ajv.js';
import type { SchemaSet } from './model.js';

const SCHEMA = 'photos/partner-photo-rules.schema.json';

/**
 * schemas/partner-photo-rules.json against its schema (photos/partner-photo-rules.schema.json,
 * its x-rules included: a minimum above its maximum fails), and every channel key once: the
 * answers name channels by key, so two with one key would mix their verdicts.
 */
export function checkPhotoRules(set: SchemaSet, problems: string[]): void {
  if (set.partnerPhotoRules === undefined) return;
  const schema = set.schemas.get(SCHEMA);
  if (!schema) {
    problems.push(`partner-photo-rules.json: ${SCHEMA} is missing`);
    return;
  }
  const ajv = createAjv();
  const validate = ajv.compile(schema.schema);
  if (!validate(set.partnerPhotoRules)) {
    problems.push(`partner-photo-rules.json: ${ajv.errorsText(validate.errors, { separator: '\n    ' })}`);
    return;
  }
  const keys = new Set<string>();
  for (const { key } of (set.partnerPhotoRules as { channels: { key: string }[] }).channels) {
    if (keys.has(key)) problems.push(`partner-photo-rules.json: channel key "${key}" appears twice`);
    keys.add(key);
  }
}
