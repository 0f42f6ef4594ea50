import { fromWireWith, toWireWith } from '../../../shared/case';
import type { ClientSchema, PrecompiledValidator, SectionDefinition } from '../../../shared/section-types';
import { schemaNodeAt, summaryWords, toIssues, type Issue } from '../../../shared/validation-messages';
import { currentTranslator, translate } from '../../i18n';
import { definitionNow } from '../texts/use-schema-texts';
import { clearHidden, type VisibilitySchema } from '../../../shared/visibility';
import { fieldRulesOf } from '../../../shared/field-rules';
import type { Doc } from './form-store';
import { pathKey } from './paths';

/** The line above a form whose fields the client's checks refused, in the language on screen. */
export const fixFieldsLine = (): string => translate('engine.fix_fields');

export interface Problems {
  /** Messages by field key ("tax.taxCharges"). */
  fields: Map<string, string[]>;
  /** One line per problem, for the list above the section. */
  lines: string[];
  issues: Issue[];
}

/** The schema node at a path (for a message's words and the field's title). */
export const nodeAt = (schema: ClientSchema, path: readonly string[]): ClientSchema | undefined =>
  schemaNodeAt(schema, path) as ClientSchema | undefined;

/**
 * What is sent: hidden dependents emptied exactly as the server does (clearHidden), and only
 * the schema's own fields (client-only flags such as a room's isSelected never leave).
 */
export function prepareForSave(schema: ClientSchema, doc: Doc): Doc {
  const known = schema.properties ?? {};
  const own = Object.fromEntries(Object.entries(doc).filter(([k]) => k in known));
  return clearHidden(schema as VisibilitySchema, own);
}

/**
 * Run a precompiled validator and turn its errors into field messages and summary lines, in the
 * language on screen: the catalogue's words, the schema's own messages and the fields' titles as
 * the form shows them.
 */
function check(def: SectionDefinition, validate: PrecompiledValidator, doc: Doc): Problems {
  const problems: Problems = { fields: new Map(), lines: [], issues: [] };
  if (validate(doc)) return problems;
  const { schema } = definitionNow(def);
  problems.issues = toIssues(validate.errors, currentTranslator(), (path) => nodeAt(schema, path));
  for (const issue of problems.issues) {
    const key = pathKey(issue.path);
    problems.fields.set(key, [...(problems.fields.get(key) ?? []), issue.message]);
    problems.lines.push(summaryWords(issue));
  }
  // A rule between two fields (x-rules) is shown at both, and said once in the list.
  problems.lines = [...new Set(problems.lines)];
  return problems;
}

/**
 * The fields a blur of `key` judges: the field, and those a rule between fields (`x-rules`) binds
 * to it, so the rule's message appears (and goes) beside both at once.
 */
export function boundFields(schema: ClientSchema, key: string): string[] {
  const path = key.split('.');
  const name = path[path.length - 1]!;
  const parent = path.slice(0, -1);
  const mates = fieldRulesOf(nodeAt(schema, parent)).flatMap((r) =>
    r.field === name ? [r.lte] : r.lte === name ? [r.field] : [],
  );
  return [key, ...mates.map((m) => pathKey([...parent, m]))];
}

export function validateForSave(def: SectionDefinition, doc: Doc): Problems {
  return check(def, def.validateSave, prepareForSave(def.schema, doc));
}

export function validateForPublish(def: SectionDefinition, doc: Doc): Problems {
  return check(def, def.validatePublish, prepareForSave(def.schema, doc));
}

export const toWire = (def: SectionDefinition, doc: Doc): Doc => toWireWith(doc, def.names) as Doc;
export const fromWire = (def: SectionDefinition, wire: unknown): Doc => fromWireWith(wire, def.names) as Doc;
