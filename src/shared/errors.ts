/**
 * The error contract shared by server and client (DESIGN "Server"): a 400 answers a DRF-style
 * body `{field: [messages]}`, nested for nested objects, `non_field_errors` for the whole
 * document. List saves add `rows` (per-row detail by 0-based index) beside a
 * `non_field_errors` summary of "<Item> (n): a - b" lines (validation-messages.ts rowSummary, in
 * the caller's language), so the summary is what people read and `rows` is what marks fields.
 */
export const NON_FIELD_ERRORS = 'non_field_errors';
export const ROW_ERRORS = 'rows';

export type ErrorTree = { [key: string]: string[] | ErrorTree };

export interface ApiErrorBody {
  detail?: string;
  [key: string]: unknown;
}

/** "check_in_time" -> "Check in time": a readable fallback when no schema title is at hand. */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type FieldLabeler = (path: readonly string[]) => string | undefined;

/**
 * Every message of a server error body as one list, in document order. Field messages are
 * prefixed with the field's label (from `label` or the humanised name); `detail`,
 * `non_field_errors` and bare strings are kept as they are; `rows` is skipped because the
 * summary already carries it.
 */
export function flattenErrors(body: unknown, label?: FieldLabeler): string[] {
  const out: string[] = [];
  walk(body, [], out, label);
  return [...new Set(out)];
}

function walk(value: unknown, path: string[], out: string[], label: FieldLabeler | undefined): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'string') {
    out.push(prefix(path, value, label));
    return;
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    out.push(prefix(path, String(value), label));
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) =>
      walk(item, typeof item === 'object' && item !== null ? [...path, String(i)] : path, out, label),
    );
    return;
  }
  if (typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (key === ROW_ERRORS && path.length === 0) continue;
      if (key === 'detail' || key === NON_FIELD_ERRORS) walk(child, path, out, label);
      else walk(child, [...path, key], out, label);
    }
  }
}

function prefix(path: string[], message: string, label: FieldLabeler | undefined): string {
  const named = path.filter((p) => !/^\d+$/.test(p));
  if (named.length === 0) return message;
  const name = label?.(path) ?? humanise(named[named.length - 1]!);
  return `${name}: ${message}`;
}

/** Set `messages` at `path` inside an error tree, creating the nesting on the way. */
export function addError(tree: ErrorTree, path: readonly string[], message: string): void {
  if (path.length === 0) {
    const list = (tree[NON_FIELD_ERRORS] ??= []) as string[];
    if (!list.includes(message)) list.push(message);
    return;
  }
  let node: ErrorTree = tree;
  for (const segment of path.slice(0, -1)) {
    const next = node[segment];
    if (!next || Array.isArray(next)) node = node[segment] = {};
    else node = next;
  }
  const leaf = path[path.length - 1]!;
  const existing = node[leaf];
  const list = Array.isArray(existing) ? existing : (node[leaf] = []);
  if (!list.includes(message)) list.push(message);
}
