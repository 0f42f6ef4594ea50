import type { ErrorObject } from 'ajv';
import { localDigits } from './i18n/format.js';
import type { MessageKey } from './i18n/messages.js';
import type { Translator } from './i18n/translator.js';

/** The catalogue's words for each kind of schema error, when the schema gives none of its own. */

/**
 * The translator the words come from (the server's translatorOf(lang), the client's
 * currentTranslator()): the catalogues' `validation.*` messages. Their English is DRF's wording,
 * word for word, so the API reads like the djoser-style contract it follows when a request asks
 * for no other language.
 */
export type Words = Pick<Translator, 'language' | 'text'>;

const TYPE_WORDS: Readonly<Record<string, MessageKey>> = {
  number: 'validation.type_number',
  integer: 'validation.type_integer',
  string: 'validation.type_string',
  boolean: 'validation.type_boolean',
  array: 'validation.type_array',
  object: 'validation.type_object',
  null: 'validation.type_null',
};

const FORMAT_WORDS: Readonly<Record<string, MessageKey>> = {
  email: 'validation.email',
  date: 'validation.date',
  time: 'validation.time',
  'date-time': 'validation.date_time',
  uri: 'validation.url',
  hostname: 'validation.hostname',
  // DRF's words for a CharField left blank (it trims before it checks).
  'non-blank': 'validation.blank',
};

/** Keywords about the form of a value: their own words say what is wrong, not which field (Issue.custom). */
export const FORM_KEYWORDS = new Set(['pattern', 'format']);

/** A name of blanks only (format non-blank) is an empty name: it takes the field's minLength words. */
export function messageKeyword(e: ErrorObject): string {
  return e.keyword === 'format' && (e.params as { format?: string }).format === 'non-blank' ? 'minLength' : e.keyword;
}

/** "Must be a number or text.": each type named, joined the language's way. */
function typeWords(words: Words, type: unknown): string {
  const types = String(type)
    .split(',')
    .filter((t) => t !== 'null');
  const named = (types.length ? types : ['null']).map((t) => (TYPE_WORDS[t] ? words.text(TYPE_WORDS[t]) : t));
  return words.text('validation.type', {
    types: named.reduce((first, second) => words.text('validation.or', { first, second })),
  });
}

/**
 * The words of an error in the language. A bound is written as the schema writes it (no digit
 * grouping: 2000 is a year as often as an amount), in the language's digits; counts of
 * characters and items are numbers, for the language's plural forms.
 */
export function defaultMessage(e: ErrorObject, words: Words): string | undefined {
  const p = e.params as Record<string, unknown>;
  const bound = (v: unknown) => localDigits(words.language, String(v));
  const count = Number(p.limit);
  switch (e.keyword) {
    case 'required':
    case 'dependentRequired':
      return words.text('validation.required');
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return words.text('validation.unknown_field');
    case 'type':
      return typeWords(words, p.type);
    case 'enum':
      return words.text('validation.choice');
    case 'const':
      return words.text('validation.const', { value: JSON.stringify(p.allowedValue) });
    case 'minimum':
      return words.text('validation.minimum', { limit: bound(p.limit) });
    case 'exclusiveMinimum':
      return words.text('validation.exclusive_minimum', { limit: bound(p.limit) });
    case 'maximum':
      return words.text('validation.maximum', { limit: bound(p.limit) });
    case 'exclusiveMaximum':
      return words.text('validation.exclusive_maximum', { limit: bound(p.limit) });
    case 'minLength':
      return count === 1 ? words.text('validation.blank') : words.text('validation.min_length', { limit: count });
    case 'maxLength':
      return words.text('validation.max_length', { limit: count });
    case 'format': {
      const key = FORMAT_WORDS[String(p.format)];
      return words.text(key ?? 'validation.invalid');
    }
    case 'pattern':
      return words.text('validation.invalid');
    case 'minItems':
      return words.text('validation.min_items', { limit: count });
    case 'maxItems':
      return words.text('validation.max_items', { limit: count });
    case 'minProperties':
      return words.text('validation.min_properties', { limit: count });
    case 'maxProperties':
      return words.text('validation.max_properties', { limit: count });
    case 'uniqueItems':
      return words.text('validation.unique');
    case 'multipleOf':
      return words.text('validation.multiple_of', { multiple: bound(p.multipleOf) });
    case 'contains':
    case 'minContains':
    case 'maxContains':
      return words.text('validation.list_contains');
    default:
      // if/then/else, anyOf, oneOf, allOf, not: the errors of the branch say what is wrong.
      return undefined;
  }
}
