import type { NameMap } from '../../../shared/case';
import type { ClientSchema, SectionDefinition } from '../../../shared/section-types';
import type { Translate } from '../../i18n';
import type { OptionLabels } from '../data/options';
import type { SchemaCatalogue } from './schema-texts';
import { changeText, NO_VALUE } from './change-text';

/**
 * A change as the server records it (a section's history, the audit trail, a bulk edit): the
 * field's wire path ("tax.tax_charges", "12.room_name" in a list) and its English title path
 * ("Tax › Charges"), stored once in English when the change was made.
 */
export interface RecordedChange {
  field: string;
  label: string;
  from?: unknown;
  to?: unknown;
}

/**
 * What a change is read with: the changed document's schema file and the language's schema texts
 * (its titles), its definition when loaded, as loaded (English) and in the interface's language
 * (the one its form shows: titles and option lists), the option labels of that language, and the
 * words.
 */
export interface ChangeContext {
  file?: string;
  texts?: SchemaCatalogue;
  def?: SectionDefinition;
  local?: SectionDefinition;
  labels: OptionLabels;
  /**
   * Whether the option lists have arrived: a value of a list is then "loading…" rather than its
   * raw code ("4"), and "code 4" when they could not be loaded. Absent: ready.
   */
  lists?: 'loading' | 'ready' | 'failed';
  t: Translate;
  number(n: number): string;
  list(items: readonly string[]): string;
}

const SEPARATOR = ' › ';
/** A list's change starts with the row's id (no field name is a number). */
const ROW = /^\d+$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The name a list gives one of its rows ("Room"), as the server's diff names a row. */
const itemLabelOf = (def: SectionDefinition): string =>
  (def.schema['x-ui'] as { itemLabel?: string } | undefined)?.itemLabel ?? def.title;

/** A field's wire path walked through a client definition: each step's title, and the field's option list. */
function walk(
  def: SectionDefinition | undefined,
  path: readonly string[],
): { titles: (string | undefined)[]; category?: string } {
  let node: ClientSchema | undefined = def?.schema;
  let names: NameMap | undefined = def?.names;
  const titles: (string | undefined)[] = [];
  for (const wire of path) {
    const [client, child] = names?.props?.[wire] ?? [wire, undefined];
    node = node?.properties?.[client];
    names = child;
    titles.push(typeof node?.title === 'string' ? node.title : undefined);
  }
  const category = node?.['x-options'] ?? (isObject(node?.items) ? node.items['x-options'] : undefined);
  return { titles, category: typeof category === 'string' ? category : undefined };
}

/** RFC 6901 escaping of one pointer segment (as the schema texts' keys are written). */
const segment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Each step's title of a wire path from the language's schema texts of the file (no definition needed). */
function textTitles(ctx: ChangeContext, path: readonly string[]): (string | undefined)[] {
  const own = ctx.file ? ctx.texts?.[ctx.file] : undefined;
  let pointer = '';
  return path.map((step) => {
    pointer += `/properties/${segment(step)}`;
    return own?.[pointer]?.title;
  });
}

/** A recorded value as words: a dash for nothing, yes/no, an option's label, a number in the language's digits. */
export function changeValue(
  value: unknown,
  ctx: Pick<ChangeContext, 'labels' | 'lists' | 't' | 'number' | 'list'>,
  category?: string,
): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  if (value === true) return ctx.t('engine.history_value_yes');
  if (value === false) return ctx.t('engine.history_value_no');
  if (Array.isArray(value)) return value.length ? ctx.list(value.map((v) => changeValue(v, ctx, category))) : NO_VALUE;
  if (isObject(value)) {
    // A group of fields recorded whole (a list's row, a settings object): its filled fields.
    const parts = Object.entries(value)
      .filter(([, v]) => v !== null && v !== '' && !isObject(v))
      .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${changeValue(v, ctx)}`);
    return parts.length ? parts.join('; ') : NO_VALUE;
  }
  const label = category ? ctx.labels.get(category)?.get(String(value)) : undefined;
  if (label) return label;
  // A value of a list without its label: the lists are on their way, or could not be read.
  if (category && ctx.lists === 'loading') return ctx.t('engine.history_value_loading');
  const raw = typeof value === 'number' ? ctx.number(value) : String(value);
  if (category && ctx.lists === 'failed') return ctx.t('engine.history_value_code', { code: raw });
  return raw;
}

/** A list row's recorded name ("Room 3", 'Room "Deluxe"') with the list's own word in the language. */
function rowName(name: string, ctx: ChangeContext): string {
  if (!ctx.def || !ctx.local) return name;
  const english = itemLabelOf(ctx.def);
  if (!name.startsWith(english)) return name;
  // "Room 3" (a row by its place) takes the language's digits; a quoted name stays as typed.
  const rest = name.slice(english.length).replace(/^ (\d+)$/, (_, n: string) => ` ${ctx.number(Number(n))}`);
  return `${itemLabelOf(ctx.local)}${rest}`;
}

/**
 * A change's field as a title path in the interface's language ("Налог › Налог: оплата"), and its
 * option list. Titles come from the translated definition; where it has none (a field since
 * removed, another form's change) the recorded English stays.
 */
export function changeLabel(change: RecordedChange, ctx: ChangeContext): { label: string; category?: string } {
  const path = change.field.split('.');
  const list = ROW.test(path[0] ?? '');
  const recorded = change.label ? change.label.split(SEPARATOR) : [];
  const fieldPath = list ? path.slice(1) : path;
  const head = list ? [rowName(recorded[0] ?? '', ctx)] : [];
  const english = list ? recorded.slice(1) : recorded;
  const { titles, category } = walk(ctx.local, fieldPath);
  const texts = textTitles(ctx, fieldPath);
  const label = [...head, ...fieldPath.map((step, i) => titles[i] ?? texts[i] ?? english[i] ?? step)]
    .filter(Boolean)
    .join(SEPARATOR);
  return { label: label || change.field, category };
}

/**
 * A change as one line in the interface's language: "Категория: 4 звезды → 5 звёзд"; a list's
 * whole row added or removed as such.
 */
export function changeLine(change: RecordedChange, ctx: ChangeContext): string {
  if (ROW.test(change.field)) {
    // A whole row: the server's label is its name and what happened to it.
    const name = rowName(change.label.replace(/ (added|removed)$/, ''), ctx);
    if (change.label.endsWith(' added')) return ctx.t('engine.history_row_added', { row: name });
    if (change.label.endsWith(' removed')) return ctx.t('engine.history_row_removed', { row: name });
  }
  const { label, category } = changeLabel(change, ctx);
  return changeText(label, changeValue(change.from, ctx, category), changeValue(change.to, ctx, category));
}
