import { _, str, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';

/** One rule between two fields of an object (`x-rules`): `field` must not be more than `lte`. */
export interface FieldRule {
  field: string;
  lte: string;
  /** The words shown at both fields; by default "<field title> must not be more than <lte title>." */
  message?: string;
}

/** What an `x-rules` error carries (ajv `params`). */
export interface FieldRuleParams {
  field: string;
  lte: string;
  message: string;
}

export const FIELD_RULES = 'x-rules';

/**
 * `x-rules` as an ajv keyword that generates code, so the rule lives inside every validator built
 * from the schemas: the server's, and the editor's precompiled (standalone) ones, which cannot
 * call a function of ours. Numbers compare as numbers, text as text (dates are YYYY-MM-DD, so
 * text order is calendar order); an absent or null value, or two values of different kinds,
 * break no rule (the fields' own keywords judge them).
 */
export function fieldRulesKeyword(metaSchema: object): CodeKeywordDefinition {
  return {
    keyword: FIELD_RULES,
    type: 'object',
    schemaType: 'array',
    metaSchema,
    error: {
      message: ({ params }) => str`must not be more than ${params.lte}`,
      params: ({ params }) => _`{field: ${params.field}, lte: ${params.lte}, message: ${params.message}}`,
    },
    code(cxt: KeywordCxt) {
      const { gen, data } = cxt;
      for (const rule of cxt.schema as FieldRule[]) {
        const low = gen.const('low', _`${data}[${rule.field}]`);
        const high = gen.const('high', _`${data}[${rule.lte}]`);
        cxt.setParams({ field: _`${rule.field}`, lte: _`${rule.lte}`, message: _`${rule.message ?? ''}` });
        gen.if(
          _`(typeof ${low} == "number" && typeof ${high} == "number" || typeof ${low} == "string" && typeof ${high} == "string") && ${low} > ${high}`,
          () => cxt.error(),
        );
      }
    },
  };
}

/** The rules an object schema declares (none when it declares none or they are misshapen). */
export function fieldRulesOf(schema: unknown): FieldRule[] {
  const rules = (schema as Record<string, unknown> | null | undefined)?.[FIELD_RULES];
  return Array.isArray(rules) ? (rules as FieldRule[]) : [];
}
