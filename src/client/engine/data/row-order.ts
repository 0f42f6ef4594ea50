import type { ClientSchema } from '../../../shared/section-types';
import { summaryWords, type Issue } from '../../../shared/validation-messages';

/**
 * A row's problems in the order the spec reads them: the item's `required` list first (room
 * name, type, view; maintenance type, zone, disturbance, from, to), then the other fields in
 * schema order, so "Room (2): room name required - room type required - room view required"
 * does not depend on which check ajv happened to run first.
 */
export function rowIssueOrder(schema: ClientSchema, issues: readonly Issue[]): Issue[] {
  const names = [...(schema.required ?? []), ...Object.keys(schema.properties ?? {})];
  const rank = (i: Issue) => {
    const at = names.indexOf(String(i.path[0] ?? ''));
    return at < 0 ? names.length : at;
  };
  const seen = new Set<string>();
  return [...issues]
    .sort((a, b) => rank(a) - rank(b))
    .filter((i) => {
      const key = `${i.path.join('.')}|${i.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * The words of a row's summary line ("Room (2): a - b"), in the spec's order, each once: a rule
 * between two fields (x-rules) marks both with the same words.
 */
export function rowWords(schema: ClientSchema, issues: readonly Issue[]): string[] {
  return [...new Set(rowIssueOrder(schema, issues).map(summaryWords))];
}
