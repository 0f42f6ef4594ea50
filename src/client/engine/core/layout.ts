import type { Condition } from '../../../shared/conditions';
import { humanise } from '../../../shared/errors';
import type { ClientSchema, UiSchema } from '../../../shared/section-types';
import { pathKey, type Path } from './paths';
import { widgetKind, type WidgetKind } from './widget-kind';

/** A condition and the object it reads (a field's siblings, or the root for a group). */
export interface Visibility {
  at: Path;
  condition: Condition;
}

export type TableColumn = 'flag' | 'supplier' | 'charges' | 'detail';

export interface FieldNode {
  key: string;
  name: string;
  path: Path;
  schema: ClientSchema;
  title: string;
  widget: WidgetKind;
  /** Option list the labels come from (values always come from the schema's enum). */
  category?: string;
  /** Grid columns out of 12. */
  span: number;
  conditions: readonly Visibility[];
  required: boolean;
  /** Publishing needs it (the section's publish rules, marked by codegen): shown before any attempt. */
  publishRequired?: boolean;
  readOnly: boolean;
  help?: string;
  placeholder?: string;
  /** The unit shown with this distance (x-ui.unitOf). */
  unit?: FieldNode;
  /** The "to" that ends the range this field starts (x-ui.rangeOf). */
  rangeEnd?: FieldNode;
  row?: string;
  column?: TableColumn;
}

export interface TableRowNode {
  key: string;
  label: string;
  flag?: FieldNode;
  supplier?: FieldNode;
  charges?: FieldNode;
  details: FieldNode[];
}

export interface GroupNode {
  key: string;
  title: string;
  description?: string;
  columns: number;
  layout: 'cards' | 'table';
  collapsible: boolean;
  conditions: readonly Visibility[];
  fields: FieldNode[];
  rows: TableRowNode[];
  /** Which table columns any row fills. */
  tableColumns: TableColumn[];
}

export interface SectionLayout {
  groups: GroupNode[];
  /** Every field by key, partners (units, range ends) included. */
  fields: ReadonlyMap<string, FieldNode>;
  /** The root's list presentation (list items): the row label and the summary fields. */
  itemLabel?: string;
  summary: string[];
  /** Root fields a bulk action may copy from one row to the selected ones (x-ui.shared). */
  shared: string[];
}

interface GroupDef {
  key: string;
  title: string;
  order?: number;
  columns?: number;
  layout?: 'cards' | 'table';
  collapsible?: boolean;
  visibleIf?: Condition;
  description?: string;
}

type UiOptions = Record<string, unknown> & {
  group?: string;
  columns?: number;
  visibleIf?: Condition;
  unitOf?: string;
  rangeOf?: string;
};

const OTHER = '_other';

function uiOf(ui: UiSchema | undefined, name: string): UiSchema {
  return ((ui?.[name] as UiSchema | undefined) ?? {}) as UiSchema;
}

function optionsOf(ui: UiSchema): UiOptions {
  return ((ui['ui:options'] as UiOptions | undefined) ?? {}) as UiOptions;
}

function orderOf(schema: ClientSchema, ui: UiSchema): string[] {
  const names = Object.keys(schema.properties ?? {});
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as string[]).filter((n) => names.includes(n)) : [];
  return [...order, ...names.filter((n) => !order.includes(n))];
}

/** The groups of a section as its uiSchema declares them, each made when a field first lands in it. */
function groupRegistry(defs: readonly GroupDef[], fallbackTitle: string) {
  const groups = new Map<string, GroupNode>();
  const groupOf = (key: string | undefined): GroupNode => {
    const k = key && defs.some((d) => d.key === key) ? key : OTHER;
    let g = groups.get(k);
    if (!g) {
      const def = defs.find((d) => d.key === k) ?? {
        key: OTHER,
        // The view names the card of ungrouped fields in the interface's language (engine.group_other).
        title: defs.length ? '' : fallbackTitle,
        columns: 3,
      };
      g = {
        key: def.key,
        title: def.title,
        description: def.description,
        columns: def.columns ?? 3,
        layout: def.layout ?? 'cards',
        collapsible: !!def.collapsible,
        conditions: def.visibleIf !== undefined ? [{ at: [], condition: def.visibleIf }] : [],
        fields: [],
        rows: [],
        tableColumns: [],
      };
      groups.set(k, g);
    }
    return g;
  };
  return { groups, groupOf };
}

/** What a walk over the section's objects fills in as it goes. */
interface WalkState {
  groupOf(key: string | undefined): GroupNode;
  all: Map<string, FieldNode>;
  shared: string[];
  groupsByNode: Map<FieldNode, GroupNode>;
}

/** One leaf field of `parent`: its title, widget, width in its group, conditions and texts. */
function fieldNode(
  parent: ClientSchema,
  name: string,
  path: Path,
  ui: UiSchema,
  group: GroupNode,
  conditions: readonly Visibility[],
): FieldNode {
  const schema = parent.properties![name]!;
  const options = optionsOf(ui);
  const category = options.optionsCategory as string | undefined;
  return {
    key: pathKey(path),
    name,
    path,
    schema,
    title: schema.title ?? humanise(name),
    widget: widgetKind(schema, ui['ui:widget'] as string | undefined, category),
    category,
    span: Math.min(12, Math.max(1, Number(options.columns ?? Math.round(12 / group.columns)))),
    conditions,
    required: (parent.required ?? []).includes(name),
    publishRequired: options.publishRequired === true,
    readOnly: ui['ui:readonly'] === true,
    help: ui['ui:help'] as string | undefined,
    placeholder: ui['ui:placeholder'] as string | undefined,
    row: options.row as string | undefined,
    column: options.column as TableColumn | undefined,
  };
}

/** Pairs: the unit sits with its distance, the "to" with its "from". Answers the fields drawn inside their partner. */
function attachPartners(byName: ReadonlyMap<string, FieldNode>, partners: [FieldNode, UiOptions][]): Set<FieldNode> {
  const attached = new Set<FieldNode>();
  for (const [node, options] of partners) {
    const main = byName.get((options.unitOf ?? options.rangeOf) as string);
    if (!main || main === node) continue;
    if (options.unitOf) main.unit = node;
    else main.rangeEnd = node;
    main.span = Math.min(12, main.span * 2);
    attached.add(node);
  }
  return attached;
}

/** The fields of one object, in order, pairs attached; nested objects' fields in their place. */
function walk(
  state: WalkState,
  parent: ClientSchema,
  parentUi: UiSchema,
  at: Path,
  inherited: readonly Visibility[],
  forcedGroup?: string,
): FieldNode[] {
  const placed: FieldNode[] = [];
  const byName = new Map<string, FieldNode>();
  const partners: [FieldNode, UiOptions][] = [];
  for (const name of orderOf(parent, parentUi)) {
    const schema = parent.properties![name]!;
    const ui = uiOf(parentUi, name);
    const options = optionsOf(ui);
    if (ui['ui:widget'] === 'hidden') continue;
    const group = state.groupOf(forcedGroup ?? options.group);
    const own: Visibility[] = options.visibleIf !== undefined ? [{ at, condition: options.visibleIf }] : [];
    const conditions = [...inherited, ...(forcedGroup === undefined ? group.conditions : []), ...own];
    const path = [...at, name];
    if (schema.properties) {
      placed.push(...walk(state, schema, ui, path, conditions, group.key));
      continue;
    }
    if (options.shared === true && at.length === 0) state.shared.push(name);
    const node = fieldNode(parent, name, path, ui, group, conditions);
    state.all.set(node.key, node);
    byName.set(name, node);
    if (options.unitOf || options.rangeOf) partners.push([node, options]);
    placed.push(node);
    state.groupsByNode.set(node, group);
  }
  const attached = attachPartners(byName, partners);
  return placed.filter((node) => !attached.has(node));
}

/**
 * The presentation of a section from its client schema and uiSchema: groups as cards (or dense
 * tables), each with its fields in order, the conditions that show them, their widgets, and
 * the pairs drawn as one (a distance with its unit, a "from" with its "to").
 */
export function buildLayout(schema: ClientSchema, uiSchema: UiSchema, fallbackTitle = ''): SectionLayout {
  const rootOptions = optionsOf(uiSchema);
  const defs = ((rootOptions.groups as GroupDef[] | undefined) ?? [])
    .slice()
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const { groups, groupOf } = groupRegistry(defs, fallbackTitle);
  const state: WalkState = { groupOf, all: new Map(), shared: [], groupsByNode: new Map() };
  for (const node of walk(state, schema, uiSchema, [], [])) state.groupsByNode.get(node)!.fields.push(node);

  for (const g of groups.values()) if (g.layout === 'table') tabulate(g);
  const order = (g: GroupNode) => (g.key === OTHER ? Number.MAX_SAFE_INTEGER : defs.findIndex((d) => d.key === g.key));
  return {
    groups: [...groups.values()].filter((g) => g.fields.length > 0).sort((a, b) => order(a) - order(b)),
    fields: state.all,
    itemLabel: rootOptions.itemLabel as string | undefined,
    summary: (rootOptions.summary as string[] | undefined) ?? [],
    shared: state.shared,
  };
}

/** Rows of a dense table: the fields sharing x-ui.row, by column; the first field names the row. */
function tabulate(group: GroupNode): void {
  const rows = new Map<string, TableRowNode>();
  const used = new Set<TableColumn>();
  for (const field of group.fields) {
    const key = field.row ?? field.key;
    let row = rows.get(key);
    if (!row) {
      row = { key, label: field.title, details: [] };
      rows.set(key, row);
    }
    let column: TableColumn = field.column ?? (row.flag || field.widget !== 'yesno' ? 'detail' : 'flag');
    if (column !== 'detail' && !row[column]) row[column] = field;
    else {
      column = 'detail';
      row.details.push(field);
    }
    used.add(column);
  }
  group.rows = [...rows.values()];
  group.tableColumns = (['flag', 'supplier', 'charges', 'detail'] as const).filter((c) => used.has(c));
}

/** "Fitness centre: size (sqm)" in the row "Fitness centre" reads "Size (sqm)". */
export function shortTitle(title: string, rowLabel: string): string {
  const rest = title.startsWith(`${rowLabel}:`) ? title.slice(rowLabel.length + 1).trim() : title;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
