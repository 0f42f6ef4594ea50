import { typesOf, type JsonSchema, type SchemaSet } from './model.js';
import { getAt } from './refs.js';

/**
 * The value lists code gives meaning to, each declared once in schemas/ (issue 26 §3). Code reads
 * the generated lists, unions and labels (src/shared/generated/value-lists.ts), never its own copy:
 * adding a value is a schema change plus the code that gives it meaning (a missing case in a
 * `Record<Union, ...>` then fails the type check).
 *
 * A list comes from a schema node (its `enum`, or the integers `minimum`..`maximum`, with
 * `x-values` giving each its label and what code reads about it) or from an option list (its
 * values, English labels and each item's `meaning`).
 */
export interface ValueListSource {
  /** The generated constant (the entries), e.g. STOP_SALE_STATES. */
  constName: string;
  /** The generated union of the values, e.g. StopSaleState. */
  typeName: string;
  from: { schema: string; pointer: string } | { options: string };
}

export const VALUE_LISTS: readonly ValueListSource[] = [
  {
    constName: 'STOP_SALE_STATES',
    typeName: 'StopSaleState',
    from: { schema: 'stop-sale/event.schema.json', pointer: '/$defs/state' },
  },
  {
    constName: 'WEBHOOK_EVENTS',
    typeName: 'WebhookEvent',
    from: { schema: 'devtools/webhook.schema.json', pointer: '/properties/events/items' },
  },
  {
    constName: 'NOTIFICATION_TYPE_OPTIONS',
    typeName: 'NotificationTypeOption',
    from: { options: 'notificationTypes' },
  },
  { constName: 'CONTRACT_STATUSES', typeName: 'ContractStatusCode', from: { options: 'contractStatus' } },
  { constName: 'CONTRACT_BOOLEAN_CODES', typeName: 'ContractBooleanCode', from: { options: 'contractBoolean' } },
  { constName: 'CONTRACT_PHOTO_CODES', typeName: 'ContractPhotoCode', from: { options: 'contractPhotoOptions' } },
];

/** A query schema's `x-page-size`, emitted as a constant of this name. */
export const PAGE_SIZES: ReadonlyArray<{ constName: string; schema: string }> = [
  { constName: 'PARTNERS_PAGE_SIZE', schema: 'partners/page-query.schema.json' },
  { constName: 'AUDIT_PAGE_SIZE', schema: 'settings/audit-query.schema.json' },
];

/**
 * Fields of a schema marked with a keyword (issue 41 §4): the hotel's caps among the contract terms,
 * the term granting each operator action, the action governing each operator setting. A flag
 * (`true`) gives a tuple of the marked property names and their union; a string value gives a
 * record from the property name to it (`byValue`: from the value to the property name instead).
 */
export interface MarkedFieldsSource {
  constName: string;
  /** The union emitted beside a flag list (of the names) or a byValue record (of its keys). */
  typeName?: string;
  schema: string;
  keyword: string;
  byValue?: boolean;
}

export const MARKED_FIELDS: readonly MarkedFieldsSource[] = [
  {
    constName: 'HOTEL_CAPS',
    typeName: 'HotelCap',
    schema: 'partners/contract-terms.schema.json',
    keyword: 'x-hotel-cap',
  },
  {
    constName: 'OPERATOR_ACTION_TERMS',
    typeName: 'OperatorAction',
    schema: 'partners/contract-terms.schema.json',
    keyword: 'x-operator-action',
    byValue: true,
  },
  { constName: 'OVERRIDE_SETTING_ACTIONS', schema: 'operator/override-data.schema.json', keyword: 'x-operator-action' },
];

/** The marked properties of one source, in schema order: [property, keyword value]. */
export function markedFields(set: SchemaSet, source: MarkedFieldsSource): Array<[string, unknown]> {
  const file = set.schemas.get(source.schema);
  if (!file) throw new Error(`${source.constName}: no schema ${source.schema}`);
  const props = (file.schema.properties ?? {}) as Record<string, JsonSchema>;
  const out = Object.entries(props)
    .filter(([, p]) => p[source.keyword] !== undefined)
    .map(([name, p]): [string, unknown] => [name, p[source.keyword]]);
  if (!out.length) throw new Error(`${source.constName}: no property of ${source.schema} carries ${source.keyword}`);
  return out;
}

function emitMarkedFields(set: SchemaSet): string[] {
  const out: string[] = [];
  const actions = new Set(
    markedFields(
      set,
      MARKED_FIELDS.find((m) => m.constName === 'OPERATOR_ACTION_TERMS')!,
    ).map(([, v]) => v),
  );
  for (const source of MARKED_FIELDS) {
    const fields = markedFields(set, source);
    out.push(`/** schemas/${source.schema}: the properties carrying ${source.keyword} */`);
    if (fields.every(([, v]) => v === true)) {
      out.push(`export const ${source.constName} = [${fields.map(([n]) => literal(n)).join(', ')}] as const;`);
      if (source.typeName) out.push(`export type ${source.typeName} = (typeof ${source.constName})[number];`);
    } else {
      const pairs = fields.map(([n, v]) => {
        if (typeof v !== 'string')
          throw new Error(`${source.schema}#/properties/${n}: ${source.keyword} must be a string`);
        if (source.keyword === 'x-operator-action' && !actions.has(v))
          throw new Error(
            `${source.schema}#/properties/${n}: ${source.keyword} "${v}" is no term's action (partners/contract-terms.schema.json)`,
          );
        return source.byValue ? [v, n] : [n, v];
      });
      if (new Set(pairs.map(([k]) => k)).size !== pairs.length)
        throw new Error(
          `${source.schema}: ${source.keyword} names the same ${source.byValue ? 'value' : 'property'} twice`,
        );
      out.push(
        `export const ${source.constName} = { ${pairs.map(([k, v]) => `${k}: ${literal(v)}`).join(', ')} } as const;`,
      );
      if (source.typeName) out.push(`export type ${source.typeName} = keyof typeof ${source.constName};`);
    }
    out.push('');
  }
  return out;
}

export type ValueEntry = { value: string | number; label: string } & Record<string, string | number | boolean>;

/** The entries of one list as the schemas declare them; throws naming the schema when they disagree. */
export function valueEntries(set: SchemaSet, source: ValueListSource): ValueEntry[] {
  if ('options' in source.from) {
    const list = set.options.get(source.from.options);
    if (!list) throw new Error(`value list ${source.constName}: no option list options/${source.from.options}.json`);
    return list.options.map((o) => ({ ...(o.meaning ?? {}), value: o.value, label: o.label.en }));
  }
  const where = `${source.from.schema}#${source.from.pointer}`;
  const file = set.schemas.get(source.from.schema);
  if (!file) throw new Error(`value list ${source.constName}: no schema ${source.from.schema}`);
  const node = getAt(file.schema, source.from.pointer);
  const values = declaredValues(node, where);
  const described = node['x-values'] as ValueEntry[] | undefined;
  if (!described) return values.map((value) => ({ value, label: String(value) }));
  const named = described.map((d) => d.value);
  if (JSON.stringify(named) !== JSON.stringify(values))
    throw new Error(
      `${where}: x-values name ${JSON.stringify(named)}, the schema allows ${JSON.stringify(values)} (same values, same order)`,
    );
  return described;
}

function declaredValues(node: JsonSchema, where: string): Array<string | number> {
  if (Array.isArray(node.enum)) return (node.enum as unknown[]).filter((v): v is string | number => v !== null);
  if (typesOf(node).includes('integer') && typeof node.minimum === 'number' && typeof node.maximum === 'number') {
    return Array.from({ length: node.maximum - node.minimum + 1 }, (_, i) => (node.minimum as number) + i);
  }
  throw new Error(`${where}: a value list needs an enum or an integer minimum and maximum`);
}

const literal = (v: unknown): string =>
  typeof v === 'string' ? `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : String(v);

function entryText(e: ValueEntry): string {
  const keys = [
    'value',
    'label',
    ...Object.keys(e)
      .filter((k) => k !== 'value' && k !== 'label')
      .sort(),
  ];
  return `{ ${keys.map((k) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : literal(k)}: ${literal(e[k])}`).join(', ')} }`;
}

/** src/shared/generated/value-lists.ts */
export function emitValueLists(set: SchemaSet): string {
  const out: string[] = [];
  for (const source of VALUE_LISTS) {
    const entries = valueEntries(set, source);
    const from =
      'options' in source.from
        ? `schemas/options/${source.from.options}.json`
        : `schemas/${source.from.schema}#${source.from.pointer}`;
    out.push(`/** ${from} */`);
    out.push(
      `export const ${source.constName} = [\n${entries.map((e) => `  ${entryText(e)},`).join('\n')}\n] as const;`,
    );
    out.push(`export type ${source.typeName} = ${entries.map((e) => literal(e.value)).join(' | ')};`);
    out.push(
      `export const ${source.constName}_LABELS: Readonly<Record<${source.typeName}, string>> = { ${entries.map((e) => `${literal(e.value)}: ${literal(e.label)}`).join(', ')} };`,
    );
    out.push('');
  }
  out.push(...emitMarkedFields(set));
  for (const { constName, schema } of PAGE_SIZES) {
    const size = set.schemas.get(schema)?.schema['x-page-size'];
    if (typeof size !== 'number') throw new Error(`${schema}: x-page-size missing (codegen's PAGE_SIZES names it)`);
    out.push(`/** schemas/${schema} x-page-size */`);
    out.push(`export const ${constName} = ${size};`);
  }
  return out.join('\n') + '\n';
}
