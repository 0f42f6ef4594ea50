import type { ErrorObject } from 'ajv';
import { addError, humanise, rowSummary, NON_FIELD_ERRORS, ROW_ERRORS, type ErrorTree } from './errors.js';

/** What a schema node may carry to change the words of an error. */
interface MessageSource {
  title?: string;
  'x-messages'?: Record<string, string>;
  properties?: Record<string, MessageSource>;
}

export interface Issue {
  /** Path of the field at fault (wire or client names, as the validated document uses). */
  path: string[];
  /** The words shown at the field. */
  message: string;
  /** True when the words came from the schema (x-messages) and read well on their own. */
  custom: boolean;
  /** The field's title, when the schema gives one. */
  title?: string;
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  integer: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'empty',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'Enter a valid email address.',
  date: 'Enter a valid date (YYYY-MM-DD).',
  time: 'Enter a valid time (HH:MM).',
  'date-time': 'Enter a valid date and time.',
  uri: 'Enter a valid URL.',
  hostname: 'Enter a valid domain name.',
};

/** DRF's wording, so the API reads like the djoser-style contract it follows. */
function defaultMessage(e: ErrorObject): string | undefined {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
    case 'dependentRequired':
      return 'This field is required.';
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'Unknown field.';
    case 'type': {
      const types = String(p.type)
        .split(',')
        .filter((t) => t !== 'null');
      return `Must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}.`;
    }
    case 'enum':
      return 'Not a valid choice.';
    case 'const':
      return `Must be ${JSON.stringify(p.allowedValue)}.`;
    case 'minimum':
      return `Ensure this value is greater than or equal to ${String(p.limit)}.`;
    case 'exclusiveMinimum':
      return `Ensure this value is greater than ${String(p.limit)}.`;
    case 'maximum':
      return `Ensure this value is less than or equal to ${String(p.limit)}.`;
    case 'exclusiveMaximum':
      return `Ensure this value is less than ${String(p.limit)}.`;
    case 'minLength':
      return Number(p.limit) === 1
        ? 'This field may not be blank.'
        : `Ensure this field has at least ${String(p.limit)} characters.`;
    case 'maxLength':
      return `Ensure this field has no more than ${String(p.limit)} characters.`;
    case 'format':
      return FORMAT_WORDS[String(p.format)] ?? 'Enter a valid value.';
    case 'pattern':
      return 'Enter a valid value.';
    case 'minItems':
      return `Ensure this list has at least ${String(p.limit)} items.`;
    case 'maxItems':
      return `Ensure this list has no more than ${String(p.limit)} items.`;
    case 'minProperties':
      return Number(p.limit) === 1 ? 'Send at least one field.' : `Send at least ${String(p.limit)} fields.`;
    case 'uniqueItems':
      return 'Items must not repeat.';
    case 'multipleOf':
      return `Must be a multiple of ${String(p.multipleOf)}.`;
    case 'maxProperties':
      return `Send no more than ${String(p.limit)} fields.`;
    case 'contains':
    case 'minContains':
    case 'maxContains':
      return 'The list does not hold what it must.';
    default:
      // if/then/else, anyOf, oneOf, allOf, not: the errors of the branch say what is wrong.
      return undefined;
  }
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
 * ajv errors -> issues with user-facing words. `locate` finds a schema node by instance path,
 * for validators compiled without `verbose` (the precompiled browser ones).
 */
export function toIssues(
  errors: readonly ErrorObject[] | null | undefined,
  locate?: (path: string[]) => MessageSource | undefined,
): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    const fallback = defaultMessage(e);
    if (fallback === undefined) continue;
    const source = sourceOf(e, locate);
    const custom = source?.['x-messages']?.[e.keyword];
    const path = pathOf(e);
    const key = `${path.join('/')}|${custom ?? fallback}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ path, message: custom ?? fallback, custom: custom !== undefined, title: source?.title });
  }
  // Only combinator errors (anyOf, not...) without words of their own: still say where it failed.
  const first = errors?.[0];
  if (!issues.length && first) issues.push({ path: pathOf(first), message: 'Enter a valid value.', custom: false });
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

/**
 * Issues of a list body (paths start with the row index) -> `non_field_errors` with one
 * "<Item> (n): a - b" line per bad row, and `rows` with the per-field detail.
 */
export function listIssuesToTree(issues: readonly Issue[], itemLabel: string): ErrorTree {
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
    addError(tree, [], rowSummary(itemLabel, row, rowIssues.map(summaryWords)));
    rows[String(row)] = issuesToTree(rowIssues);
  }
  if (byRow.size > 0) tree[ROW_ERRORS] = rows;
  if (tree[NON_FIELD_ERRORS] === undefined) delete tree[NON_FIELD_ERRORS];
  return tree;
}
