import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Options } from 'ajv';
import xKeywords from '../../schemas/meta/x-keywords.schema.json' with { type: 'json' };
import { formats } from './formats.js';
import { FIELD_RULES, fieldRulesKeyword } from './field-rules.js';

/** The names of the extension keywords, in the order the meta-schema declares them. */
export const X_KEYWORDS = Object.keys(xKeywords.$defs);

/**
 * The one ajv configuration of the project: JSON Schema 2020-12, strict mode, every error
 * reported, our formats, and the x- keywords declared with their own value schemas so that a
 * misshapen annotation is a schema error rather than a silent no-op. `x-rules` (rules between
 * fields) is the one x- keyword that validates: its code is generated into every validator.
 */
export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    allowUnionTypes: true,
    discriminator: false,
    ...options,
  });
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  for (const [keyword, metaSchema] of Object.entries(xKeywords.$defs)) {
    if (keyword === FIELD_RULES) ajv.addKeyword(fieldRulesKeyword(stripDescriptions(metaSchema)));
    else ajv.addKeyword({ keyword, metaSchema: stripDescriptions(metaSchema) });
  }
  return ajv;
}

function stripDescriptions(schema: object): object {
  const { description: _d, ...rest } = schema as { description?: string };
  return rest;
}
