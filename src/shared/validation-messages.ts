import type { ErrorObject } from 'ajv';
import { addError, humanise, NON_FIELD_ERRORS, ROW_ERRORS, type ErrorTree } from './errors.js';
import { FIELD_RULES, fieldRulesOf, type FieldRuleParams } from './field-rules.js';
import { localDigits } from './i18n/format.js';
import { translated } from './i18n/node-texts.js';
import { defaultMessage, FORM_KEYWORDS, messageKeyword, type Words } from './validation-words.js';

export type { Words } from './validation-words.js';

/** What a schema node may carry to change the words of an error. */
interface MessageSource {
  title?: string;
  'x-messages'?: Record<string, string>;
  /**
   * The node's texts in the other languages (the server's bundle: codegen copies them from
   * locales/<lang>/schemas.json). The client translates its definitions before it validates.
   */
  'x-texts'?: unknown;
  /** Rules between two of its fields, with their own words (field-rules.ts). */
  'x-rules'?: unknown;
  properties?: Record<string, MessageSource>;
}

export interface Issue {
  /** Path of the field at fault (wire or client names, as the validated document uses). */
  path: string[];
  /** The words shown at the field. */
  message: string;
  /**
   * True when the words came from the schema (x-messages) and read well on their own: they say
   * what to enter ("Enter the hotel's name.", 'room view required'), so a summary line needs no
   * field name before them. Words about the form of a value ("Enter a valid phone number.", said
   * of a Phone and a Contact number alike) are not: they are the schema's, yet named in a summary.
   */
  custom: boolean;
  /** The field's title, when the schema gives one. */
  title?: string;
}

/**
 * The schema node at a document path (a list's index steps into `items`): where a field's title
 * and own words are. Given a schema whose $refs are resolved, the node holds what the field's
 * declaration says beside its $ref.
 */
export function schemaNodeAt(schema: unknown, path: readonly string[]): MessageSource | undefined {
  let node = schema as { properties?: Record<string, unknown>; items?: unknown } | undefined;
  for (const segment of path) {
    if (!node || typeof node !== 'object') return undefined;
    node = (/^\d+$/.test(segment) && node.items ? node.items : node.properties?.[segment]) as typeof node;
  }
  return node as MessageSource | undefined;
}

/** A node's title in the language (the server's bundle carries the translations beside it). */
function titleOf(node: MessageSource | undefined, words: Words): string | undefined {
  return typeof node?.title === 'string' ? translated(node.title, node['x-texts'], words.language) : undefined;
}

/** The schema's own words for a keyword (x-messages), in the language when it has them. */
function customOf(node: MessageSource | undefined, keyword: string, words: Words): string | undefined {
  const english = node?.['x-messages']?.[keyword];
  return english === undefined
    ? undefined
    : translated(english, node?.['x-texts'], words.language, `messages.${keyword}`);
}

function pathOf(e: ErrorObject): string[] {
  const base = e.instancePath === '' ? [] : e.instancePath.slice(1).split('/').map(unescapePointer);
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'required' || e.keyword === 'dependentRequired') return [...base, String(p.missingProperty)];
  if (e.keyword === 'additionalProperties') return [...base, String(p.additionalProperty)];
  if (e.keyword === 'unevaluatedProperties') return [...base, String(p.unevaluatedProperty)];
  return base;
}

function unescapePointer(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * The schema node that describes the failing value: with `verbose` errors ajv hands us the
 * parent schema; for `required` the missing property's own node holds its messages.
 */
function sourceOf(e: ErrorObject, locate?: (path: string[]) => MessageSource | undefined): MessageSource | undefined {
  const parent = e.parentSchema as MessageSource | undefined;
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'required' || e.keyword === 'dependentRequired') {
    const fromParent = parent?.properties?.[String(p.missingProperty)];
    return fromParent ?? locate?.(pathOf(e));
  }
  return parent ?? locate?.(pathOf(e));
}

/**
 * A broken rule between two fields (`x-rules`): one issue at each field, with the same words,
 * which name both (so they read well beside either field and alone in a summary).
 */
function ruleIssues(e: ErrorObject, source: MessageSource | undefined, words: Words): Issue[] {
  const { field, lte, message } = e.params as FieldRuleParams;
  const title = (name: string) => titleOf(source?.properties?.[name], words) ?? humanise(name);
  // The rule's own words as the node has them (the client's translated definition), else as the
  // validator was built; in the language when the node carries their translation (rules.<i>).
  const rules = fieldRulesOf(source);
  const at = rules.findIndex((r) => r.field === field && r.lte === lte);
  const own = rules[at]?.message || message;
  const text = own
    ? translated(own, source?.['x-texts'], words.language, `rules.${at}`)
    : words.text('validation.rule_lte', { field: title(field), other: title(lte) });
  const base = pathOf(e);
  return [field, lte].map((name) => ({ path: [...base, name], message: text, custom: true, title: title(name) }));
}

/** `instancePath`s whose value is empty text: its format or pattern error would only repeat "required". */
function emptyTextPaths(errors: readonly ErrorObject[]): Set<string> {
  return new Set(
    errors
      .filter((e) => e.keyword === 'minLength' && (e.params as { limit?: number }).limit === 1)
      .map((e) => e.instancePath),
  );
}

/**
 * ajv errors -> issues with user-facing words in the language of `words`. `locate` finds a
 * schema node by instance path, for validators compiled without `verbose` (the precompiled
 * browser ones).
 */
export function toIssues(
  errors: readonly ErrorObject[] | null | undefined,
  words: Words,
  locate?: (path: string[]) => MessageSource | undefined,
): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  const empty = emptyTextPaths(errors ?? []);
  // A field whose own value is refused (an impossible date) is not compared with another.
  const refused = new Set((errors ?? []).filter((e) => e.keyword !== FIELD_RULES).map((e) => e.instancePath));
  for (const e of errors ?? []) {
    if ((e.keyword === 'format' || e.keyword === 'pattern') && empty.has(e.instancePath)) continue;
    if (e.keyword === FIELD_RULES) {
      const { field, lte } = e.params as FieldRuleParams;
      if (refused.has(`${e.instancePath}/${field}`) || refused.has(`${e.instancePath}/${lte}`)) continue;
      for (const issue of ruleIssues(e, sourceOf(e, locate), words)) {
        const key = `${issue.path.join('/')}|${issue.message}`;
        if (!seen.has(key)) issues.push(issue);
        seen.add(key);
      }
      continue;
    }
    const fallback = defaultMessage(e, words);
    if (fallback === undefined) continue;
    const source = sourceOf(e, locate);
    const keyword = messageKeyword(e);
    const custom = customOf(source, keyword, words);
    const path = pathOf(e);
    const key = `${path.join('/')}|${custom ?? fallback}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // An error inside a $ref'd definition (an id's minimum) names the field by the title beside the $ref.
    const title = titleOf(source, words) ?? titleOf(locate?.(path), words);
    issues.push({
      path,
      message: custom ?? fallback,
      custom: custom !== undefined && !FORM_KEYWORDS.has(keyword),
      title,
    });
  }
  // Only combinator errors (anyOf, not...) without words of their own: still say where it failed.
  const first = errors?.[0];
  if (!issues.length && first)
    issues.push({ path: pathOf(first), message: words.text('validation.invalid'), custom: false });
  return issues;
}

/** Issues of a document -> the DRF-style 400 body. */
export function issuesToTree(issues: readonly Issue[]): ErrorTree {
  const tree: ErrorTree = {};
  for (const issue of issues) addError(tree, issue.path, issue.message);
  return tree;
}

/** The words of an issue when it stands alone in a summary line. */
export function summaryWords(issue: Issue): string {
  if (issue.custom) return issue.message;
  const named = issue.path.filter((s) => !/^\d+$/.test(s));
  if (named.length === 0) return issue.message;
  return `${issue.title ?? humanise(named[named.length - 1]!)}: ${issue.message}`;
}

/** "Room (2): room name required - room type required" (spec 001 §5; n is 1-based, in the language's digits). */
export function rowSummary(words: Words, itemLabel: string, index: number, messages: readonly string[]): string {
  return words.text('validation.row', {
    item: itemLabel,
    number: localDigits(words.language, String(index + 1)),
    problems: messages.join(' - '),
  });
}

/**
 * Issues of a list body (paths start with the row index) -> `non_field_errors` with one
 * "<Item> (n): a - b" line per bad row, and `rows` with the per-field detail.
 */
export function listIssuesToTree(issues: readonly Issue[], itemLabel: string, words: Words): ErrorTree {
  const byRow = new Map<number, Issue[]>();
  const whole: Issue[] = [];
  for (const issue of issues) {
    const [head, ...rest] = issue.path;
    if (head !== undefined && /^\d+$/.test(head)) {
      const row = Number(head);
      const list = byRow.get(row) ?? [];
      list.push({ ...issue, path: rest });
      byRow.set(row, list);
    } else whole.push(issue);
  }
  const tree: ErrorTree = {};
  for (const issue of whole) addError(tree, issue.path, issue.message);
  const rows: ErrorTree = {};
  for (const row of [...byRow.keys()].sort((a, b) => a - b)) {
    const rowIssues = byRow.get(row)!;
    // A rule between two fields reports at both with the same words: the summary says them once.
    addError(tree, [], rowSummary(words, itemLabel, row, [...new Set(rowIssues.map(summaryWords))]));
    rows[String(row)] = issuesToTree(rowIssues);
  }
  if (byRow.size > 0) tree[ROW_ERRORS] = rows;
  if (tree[NON_FIELD_ERRORS] === undefined) delete tree[NON_FIELD_ERRORS];
  return tree;
}
