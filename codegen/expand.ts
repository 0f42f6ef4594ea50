import { typesOf, type JsonSchema, type SchemaFile, type SchemaSet } from './model.js';
import { inlinePropertyRefs, transform } from './refs.js';

/**
 * The effective wire schema of a file: a $ref to one property of a schema is written out
 * (inlinePropertyRefs), and `x-options` becomes the option list's values as an
 * `enum` (plus null where the type allows it), so servers and validators need no option
 * lookup and an option list stays the single place its values are written.
 */
export function expandSchema(set: SchemaSet, file: SchemaFile): JsonSchema {
  return transform(inlinePropertyRefs(set, file.rel, file.schema), (node) => {
    const category = node['x-options'];
    if (typeof category !== 'string') return undefined;
    const list = set.options.get(category);
    if (!list) throw new Error(`${file.rel}: x-options "${category}" has no schemas/options/${category}.json`);
    if (node.enum !== undefined)
      throw new Error(`${file.rel}: x-options "${category}" and enum on one field; keep only x-options`);
    const values: unknown[] = list.options.map((o) => o.value);
    if (typesOf(node).includes('null')) values.push(null);
    return { ...node, enum: values };
  }) as JsonSchema;
}

export function expandAll(set: SchemaSet): Map<string, JsonSchema> {
  const out = new Map<string, JsonSchema>();
  for (const file of set.schemas.values()) out.set(file.rel, expandSchema(set, file));
  return out;
}

/** A copy of the set whose schemas are the expanded ones. */
export function expandedSet(set: SchemaSet): SchemaSet {
  const schemas = new Map<string, SchemaFile>();
  for (const [rel, file] of set.schemas) schemas.set(rel, { ...file, schema: expandSchema(set, file) });
  return { ...set, schemas };
}
