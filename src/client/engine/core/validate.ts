import { fromWireWith, toWireWith } from '../../../shared/case';
import type { ClientSchema, PrecompiledValidator, SectionDefinition } from '../../../shared/section-types';
import { summaryWords, toIssues, type Issue } from '../../../shared/validation-messages';
import { clearHidden, type VisibilitySchema } from '../../../shared/visibility';
import type { Doc } from './form-store';
import { pathKey } from './paths';

export interface Problems {
  /** Messages by field key ("tax.taxCharges"). */
  fields: Map<string, string[]>;
  /** One line per problem, for the list above the section. */
  lines: string[];
  issues: Issue[];
}

/** The schema node at a path (for a message's words and the field's title). */
export function nodeAt(schema: ClientSchema, path: readonly string[]): ClientSchema | undefined {
  let node: ClientSchema | undefined = schema;
  for (const segment of path) {
    if (!node) return undefined;
    node = /^\d+$/.test(segment) && node.items ? node.items : node.properties?.[segment];
  }
  return node;
}

/**
 * What is sent: hidden dependents emptied exactly as the server does (clearHidden), and only
 * the schema's own fields (client-only flags such as a room's isSelected never leave).
 */
export function prepareForSave(schema: ClientSchema, doc: Doc): Doc {
  const known = schema.properties ?? {};
  const own = Object.fromEntries(Object.entries(doc).filter(([k]) => k in known));
  return clearHidden(schema as VisibilitySchema, own);
}

/** Run a precompiled validator and turn its errors into field messages and summary lines. */
export function check(schema: ClientSchema, validate: PrecompiledValidator, doc: Doc): Problems {
  const problems: Problems = { fields: new Map(), lines: [], issues: [] };
  if (validate(doc)) return problems;
  problems.issues = toIssues(validate.errors, (path) => nodeAt(schema, path));
  for (const issue of problems.issues) {
    const key = pathKey(issue.path);
    problems.fields.set(key, [...(problems.fields.get(key) ?? []), issue.message]);
    problems.lines.push(summaryWords(issue));
  }
  return problems;
}

export function validateForSave(def: SectionDefinition, doc: Doc): Problems {
  return check(def.schema, def.validateSave, prepareForSave(def.schema, doc));
}

export function validateForPublish(def: SectionDefinition, doc: Doc): Problems {
  return check(def.schema, def.validatePublish, prepareForSave(def.schema, doc));
}

export const toWire = (def: SectionDefinition, doc: Doc): Doc => toWireWith(doc, def.names) as Doc;
export const fromWire = (def: SectionDefinition, wire: unknown): Doc => fromWireWith(wire, def.names) as Doc;
