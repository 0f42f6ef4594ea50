import { blockText, fitText } from '../ota-xml.js';
import type { Fact, Instance } from './facts.js';
import { isCalendarDate } from '../../../../shared/formats.js';

/**
 * The small pieces every OTA element of the hotel content is made of: XMLBuilder nodes (`@_Name`
 * attributes, `#text` text) without empty members, facts as text, numbers, times and dates as
 * the OTA types take them.
 */

export type Node = Record<string, unknown>;

/** An object without its undefined members, or undefined when nothing is left (so no empty container). */
export function node(fields: Record<string, unknown>): Node | undefined {
  const out: Node = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && !(Array.isArray(v) && v.length === 0)) out[k] = v;
  return Object.keys(out).length ? out : undefined;
}

/** A list, or undefined when empty. */
export const some = <T>(list: (T | undefined)[]): T[] | undefined => {
  const out = list.filter((x): x is T => x !== undefined);
  return out.length ? out : undefined;
};

/** A fact as one labelled line ("Pets: cost per day: 12"). */
export const line = (f: Fact): string => (f.value ? `${f.label}: ${f.value}` : f.label);

/** A choice's or a list's values without the label (a category is its value). */
export const bare = (f: Fact): string[] =>
  f.items
    ? f.items.filter(Boolean)
    : f.kind === 'flag'
      ? f.on
        ? [f.label]
        : []
      : f.kind === 'choice'
        ? [f.value]
        : [line(f)];

/** "Subject: detail" (the schemas' titles of a field about something named before). */
export function split(label: string): [string, string | undefined] {
  const at = label.indexOf(': ');
  return at < 0 ? [label, undefined] : [label.slice(0, at), label.slice(at + 2)];
}

export const rawOf = (i: Instance, slot: string): unknown => i.slots.get(slot)?.[0]?.raw;
export const factOf = (i: Instance, slot: string): Fact | undefined => i.slots.get(slot)?.[0];

/** A whole number ≥ min, or undefined. */
export function whole(v: unknown, min = 0): string | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  if (!Number.isFinite(n)) return undefined;
  const r = Math.round(n);
  return r >= min && r <= 2_147_483_647 ? String(r) : undefined;
}

/** OTA Money (xs:decimal, at most 3 decimals), or undefined. */
export function money(v: unknown): string | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v >= 1e15) return undefined;
  return String(Number(v.toFixed(3)));
}

/** A coordinate as Position takes it (StringLength1to16). */
export function coordinate(v: unknown, limit: number): string | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > limit) return undefined;
  return String(Number(v.toFixed(7)));
}

/** HH:MM (seconds optional) as xs:time. */
export function time(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(v);
  return m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}` : undefined;
}

/** A calendar day as xs:date (Date.parse would take 2027-02-30 as 2 March). */
export const date = (v: unknown): string | undefined => (typeof v === 'string' && isCalendarDate(v) ? v : undefined);

/** A ParagraphType of numbered list items. */
export function paragraph(name: string | undefined, lines: string[]): Node | undefined {
  const items = lines.map((l) => blockText(l)).filter((l): l is string => !!l);
  if (!items.length) return undefined;
  return {
    ...(fitText(name, 64) ? { '@_Name': fitText(name, 64) } : {}),
    ListItem: items.map((text, i) => ({ '@_ListItem': i + 1, '#text': text })),
  };
}

/** The elements' texts joined into one DescriptiveText (unbounded xs:string). */
export const described = (lines: string[]): string | undefined => blockText(lines.filter(Boolean).join('\n'));

/** The OTA value of a fact's option value (ota-mapping.json `values`), if the mapping gives one. */
export type Values = Record<string, Record<string, string>>;
export const otaValue = (values: Values, f: Fact | undefined, value: unknown): string | undefined =>
  f?.options ? values[f.options]?.[String(value)] : undefined;

/** An instance's name for its element: the title of its first fact's group. */
export const title = (i: Instance): string | undefined =>
  i.text[0]?.groupTitle || [...i.slots.values()][0]?.[0]?.groupTitle || undefined;
