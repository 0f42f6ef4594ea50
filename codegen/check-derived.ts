import { isObject, typesOf, type JsonSchema, type SchemaSet } from './model.js';
import { getAt, resolveRef } from './refs.js';

interface Derived {
  list: string;
  where: string[];
  sum?: string;
  names?: string;
  any?: boolean;
}

/**
 * `x-derived` (schemas/README.md, "Derived facts"): the list it counts from is a list section
 * (`x-section.kind: "list"`), the fields it names are that list's own (`where` yes/no fields,
 * `sum` a count, `names` a text; `any` makes the field itself a yes/no), and the field itself is read-only (`readOnly` and
 * `x-ui.readOnly`), so no request and no editor can type it.
 */
export function checkDerived(set: SchemaSet, problems: string[]): void {
  const lists = new Map<string, { rel: string; schema: JsonSchema }>();
  for (const file of set.schemas.values()) {
    const section = file.schema['x-section'];
    if (isObject(section) && section.kind === 'list') lists.set(String(section.key), file);
  }
  for (const file of set.schemas.values()) {
    const props = file.schema.properties;
    if (!isObject(props)) continue;
    for (const [name, raw] of Object.entries(props)) {
      if (!isObject(raw) || !isObject(raw['x-derived'])) continue;
      const where = `${file.rel}: ${name}`;
      const d = raw['x-derived'] as unknown as Derived;
      const ui = isObject(raw['x-ui']) ? raw['x-ui'] : {};
      if (raw.readOnly !== true || ui.readOnly !== true)
        problems.push(`${where}: x-derived needs readOnly and x-ui.readOnly`);
      const list = lists.get(d.list);
      if (!list) {
        problems.push(`${where}: x-derived list "${d.list}" is not a list section`);
        continue;
      }
      const fields = (list.schema.properties ?? {}) as Record<string, JsonSchema>;
      const typeOf = (f: string): string[] => {
        const node = fields[f];
        if (!node) return [];
        if (typeof node.$ref !== 'string') return typesOf(node);
        const target = resolveRef(list.rel, node.$ref);
        const file = set.schemas.get(target.rel);
        return file ? typesOf(getAt(file.schema, target.pointer)) : [];
      };
      for (const f of d.where)
        if (!typeOf(f).includes('boolean'))
          problems.push(`${where}: x-derived where "${f}" is not a yes/no field of ${d.list}`);
      if (d.sum && !typeOf(d.sum).includes('integer'))
        problems.push(`${where}: x-derived sum "${d.sum}" is not a count of ${d.list}`);
      if (d.names && !typeOf(d.names).includes('string'))
        problems.push(`${where}: x-derived names "${d.names}" is not a text of ${d.list}`);
      if (d.any !== undefined && (d.any !== true || d.sum || d.names))
        problems.push(`${where}: x-derived any is true, without sum or names`);
      if (d.any) {
        const own =
          typeof raw.$ref === 'string'
            ? (() => {
                const target = resolveRef(file.rel, raw.$ref);
                const f = set.schemas.get(target.rel);
                return f ? typesOf(getAt(f.schema, target.pointer)) : [];
              })()
            : typesOf(raw);
        if (!own.includes('boolean')) problems.push(`${where}: x-derived any needs a yes/no field`);
      }
    }
  }
}
