import { createAjv } from '../src/shared/ajv.js';
import type { OtaSectionMapping } from '../src/shared/bundle-types.js';
import { asCodes, type OtaCode } from '../src/shared/ota/codes.js';
import otaMeta from '../schemas/meta/ota-mapping.schema.json' with { type: 'json' };
import otaCodesMeta from '../schemas/meta/ota-codes.schema.json' with { type: 'json' };
import { isObject, type JsonSchema, type SchemaSet } from './model.js';
import { visit } from './walk.js';

/**
 * schemas/ota-mapping.json against its meta schema, and every name in it against the schemas:
 * a section, field, nested field, group or option value that does not exist (renamed, removed,
 * misspelt) fails codegen. Whether every field is mapped is the test's (ota-mapping.test.ts).
 */
export function checkOtaMapping(set: SchemaSet, problems: string[]): void {
  const ajv = createAjv();
  const validate = ajv.compile(otaMeta);
  if (!validate(set.otaMapping)) {
    problems.push(`ota-mapping.json: ${ajv.errorsText(validate.errors, { separator: '\n    ' })}`);
    return;
  }
  const sections = new Map<string, JsonSchema>();
  for (const file of set.schemas.values()) {
    const x = file.schema['x-section'] as { key?: string } | undefined;
    if (x?.key) sections.set(x.key, file.schema);
  }
  for (const [key, mapping] of Object.entries(set.otaMapping.sections)) {
    const schema = sections.get(key);
    if (!schema) problems.push(`ota-mapping.json: no fact section "${key}"`);
    else checkNames(schema, mapping, `ota-mapping.json sections.${key}`, problems);
  }
  const photo = set.schemas.get('facts/photo.schema.json');
  if (photo) checkNames(photo.schema, set.otaMapping.photo, 'ota-mapping.json photo', problems);
  for (const category of Object.keys(set.otaMapping.optionSlots ?? {}))
    if (!set.options.has(category)) problems.push(`ota-mapping.json optionSlots: no option list "${category}"`);
  for (const part of ['options', 'values'] as const) {
    for (const [category, values] of Object.entries(set.otaMapping[part])) {
      const list = set.options.get(category);
      if (!list) problems.push(`ota-mapping.json ${part}: no option list "${category}"`);
      else
        for (const value of Object.keys(values))
          if (!list.options.some((o) => String(o.value) === value))
            problems.push(`ota-mapping.json ${part}.${category}: no value "${value}"`);
    }
  }
}

function checkNames(schema: JsonSchema, mapping: OtaSectionMapping, where: string, problems: string[]): void {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const exists = (path: string): boolean => {
    const [top, nested] = path.split('.');
    const prop = props[top!];
    if (!prop) return false;
    return nested === undefined || (isObject(prop.properties) && nested in prop.properties);
  };
  for (const path of Object.keys(mapping.fields ?? {}))
    if (!exists(path)) problems.push(`${where}.fields: no field "${path}"`);
  for (const path of mapping.unmapped ?? []) {
    if (!exists(path)) problems.push(`${where}.unmapped: no field "${path}"`);
    if (mapping.fields?.[path]) problems.push(`${where}: "${path}" is both mapped and unmapped`);
  }
  const groups = new Set(
    ((schema['x-ui'] as { groups?: { key: string }[] } | undefined)?.groups ?? []).map((g) => g.key),
  );
  for (const group of Object.keys(mapping.groups ?? {}))
    if (!groups.has(group)) problems.push(`${where}.groups: no x-ui group "${group}"`);
}

/**
 * The OpenTravel code tables (schemas/ota-codes/) against their meta schema, and every code an
 * option value (ota) or a schema (x-ota) names against the tables: a list or code the tables do
 * not have fails codegen, as does a code and a reason on one value or field.
 */
export function checkOtaCodes(set: SchemaSet, problems: string[]): void {
  const ajv = createAjv();
  const validate = ajv.compile(otaCodesMeta);
  for (const [name, table] of set.otaCodes) {
    if (!validate(table)) problems.push(`ota-codes/${name}.json: ${ajv.errorsText(validate.errors)}`);
    else if (table.list !== name) problems.push(`ota-codes/${name}.json: list must be "${name}"`);
    else if (new Set(table.codes.map((c) => c.code)).size !== table.codes.length)
      problems.push(`ota-codes/${name}.json: repeated code`);
  }
  const unknown = (codes: OtaCode[]): string[] =>
    codes
      .filter((c) => !set.otaCodes.get(c.list)?.codes.some((k) => k.code === c.code))
      .map((c) => `no code ${c.list} ${c.code} in schemas/ota-codes/`);
  for (const [name, list] of set.options) {
    for (const o of list.options ?? []) {
      const where = `options/${name}.json "${String(o.value)}"`;
      for (const p of unknown(asCodes(o.ota))) problems.push(`${where}: ${p}`);
      if (o.ota !== undefined && o.otaNone !== undefined) problems.push(`${where}: both ota and otaNone`);
    }
  }
  for (const file of set.schemas.values()) {
    visit(file.schema, (node, pointer) => {
      if (node['x-ota'] === undefined) return;
      const where = `${file.rel}${pointer ? `#${pointer}` : ''}`;
      for (const p of unknown(asCodes(node['x-ota']))) problems.push(`${where}: ${p}`);
      if (node['x-ota-none'] !== undefined) problems.push(`${where}: both x-ota and x-ota-none`);
    });
  }
}
