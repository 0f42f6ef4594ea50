import { createAjv } from '../src/shared/ajv.js';
import { CONDITION_KEYWORDS } from '../src/shared/conditions.js';
import { snakeToCamel } from '../src/shared/case.js';
import { fieldRulesOf } from '../src/shared/field-rules.js';
import optionsMeta from '../schemas/meta/options.schema.json' with { type: 'json' };
import routesMeta from '../schemas/meta/routes.schema.json' with { type: 'json' };
import { checkDerived } from './check-derived.js';
import { checkOtaCodes, checkOtaMapping } from './check-ota.js';
import { checkPhotoRules } from './check-photo-rules.js';
import { isObject, pathParams, typesOf, type JsonSchema, type RouteDef, type SchemaSet } from './model.js';
import { getAt, resolveRef } from './refs.js';
import { visit } from './walk.js';
import { translationProblems } from './translations.js';

const WIRE_NAME = /^[a-z][a-z0-9_]*$/;

/** Every rule codegen enforces before it writes anything. Throws one error listing all problems. */
export function checkSchemaSet(set: SchemaSet, expanded: Map<string, JsonSchema>): void {
  const problems: string[] = [];
  checkOptions(set, problems);
  checkRoutes(set, problems);
  checkOtaMapping(set, problems);
  checkOtaCodes(set, problems);
  checkDerived(set, problems);
  checkPhotoRules(set, problems);
  checkCompiles(expanded, problems);
  problems.push(...translationProblems(set));
  const typeNames = new Map<string, string>();
  for (const file of set.schemas.values()) {
    const other = typeNames.get(file.typeName);
    if (other) problems.push(`${file.rel}: type name ${file.typeName} also used by ${other}; set x-type-name`);
    typeNames.set(file.typeName, file.rel);
    walkObjects(file.schema, file.rel, '', (node, where) => checkObject(node, where, problems));
  }
  if (problems.length) throw new Error(`schema check failed:\n  - ${problems.join('\n  - ')}`);
}

function checkOptions(set: SchemaSet, problems: string[]): void {
  const ajv = createAjv();
  const validate = ajv.compile(optionsMeta);
  for (const [name, list] of set.options) {
    if (!validate(list)) problems.push(`options/${name}.json: ${ajv.errorsText(validate.errors)}`);
    else if (list.category !== name) problems.push(`options/${name}.json: category must be "${name}"`);
    else if (!list.options.length)
      problems.push(`options/${name}.json: no option (only a "languages" list is written by codegen)`);
    const values = list.options?.map((o) => o.value) ?? [];
    if (new Set(values).size !== values.length) problems.push(`options/${name}.json: repeated value`);
    for (const o of list.options ?? []) {
      const target = list.options.find((t) => t.value === o.mapsTo);
      if (o.mapsTo !== undefined && (o.offered !== false || !target || target.offered === false)) {
        problems.push(
          `options/${name}.json: "${o.value}" maps to "${o.mapsTo}": only a value not offered maps, to an offered value of the same list`,
        );
      }
    }
  }
}

function checkRoutes(set: SchemaSet, problems: string[]): void {
  const ajv = createAjv();
  const validate = ajv.compile(routesMeta);
  if (!validate({ tags: set.tags, routes: set.routes })) {
    problems.push(`routes.json: ${ajv.errorsText(validate.errors, { separator: '\n    ' })}`);
    return;
  }
  const ids = new Set<string>();
  const endpoints = new Set<string>();
  for (const r of set.routes) {
    const where = `routes.json ${r.operationId}`;
    if (ids.has(r.operationId)) problems.push(`${where}: operationId repeated`);
    ids.add(r.operationId);
    const endpoint = `${r.method} ${r.path.replace(/\{[^}]+\}/g, '{}').replace(/\/$/, '')}`;
    if (endpoints.has(endpoint)) problems.push(`${where}: ${r.method} ${r.path} clashes with another route`);
    endpoints.add(endpoint);
    const params = pathParams(r.path);
    for (const p of Object.keys(r.params ?? {}))
      if (!params.includes(p)) problems.push(`${where}: params.${p} is not in the path`);
    if (r.property?.in === 'path' && !params.includes(r.property.name))
      problems.push(`${where}: property param ${r.property.name} not in path`);
    if (!set.tags[r.tag]) problems.push(`${where}: tag "${r.tag}" has no description in routes.json tags`);
    if (r.access !== 'public' && r.access !== 'staff' && r.permission === undefined)
      problems.push(`${where}: state the permission (null for none)`);
    checkStepUp(set, r, where, problems);
    const refs = [r.query, r.body?.schema, ...Object.values(r.responses).map((x) => x?.schema)].filter(
      Boolean,
    ) as string[];
    for (const ref of refs) {
      const t = resolveRef('routes.json', ref);
      const file = set.schemas.get(t.rel);
      if (!file) problems.push(`${where}: no schema ${t.rel}`);
      else {
        try {
          getAt(file.schema, t.pointer);
        } catch {
          problems.push(`${where}: ${ref} does not resolve`);
        }
      }
    }
  }
}

/**
 * stepUp guards changes: never a read, never the partner API (a key is no session). A rule's
 * fields are fields of the route's JSON body, so a renamed field cannot quietly guard nothing.
 */
function checkStepUp(set: SchemaSet, r: RouteDef, where: string, problems: string[]): void {
  if (!r.stepUp) return;
  if (r.method === 'GET') problems.push(`${where}: stepUp on a GET (the portal re-sends only changes after a proof)`);
  if (r.access === 'apiKey') problems.push(`${where}: the partner API has no session to prove: no stepUp`);
  if (r.stepUp === true) return;
  const ref = r.body && !r.body.list ? resolveRef('routes.json', r.body.schema) : undefined;
  const file = ref && set.schemas.get(ref.rel);
  let body: JsonSchema | undefined;
  try {
    body = file ? getAt(file.schema, ref.pointer) : undefined;
  } catch {
    return; // the route's refs are checked (and reported) below
  }
  const props = (body?.properties ?? {}) as Record<string, unknown>;
  for (const field of Object.keys(r.stepUp.unless))
    if (!(field in props)) problems.push(`${where}: stepUp.unless names ${field}, not a field of its body`);
}

function checkCompiles(expanded: Map<string, JsonSchema>, problems: string[]): void {
  const ajv = createAjv();
  for (const schema of expanded.values()) ajv.addSchema(schema);
  for (const [rel, schema] of expanded) {
    try {
      ajv.getSchema(schema.$id as string);
    } catch (e) {
      problems.push(`${rel}: ${(e as Error).message}`);
    }
  }
}

/** Visit every object schema (one with properties) with a readable location. */
export function walkObjects(node: unknown, rel: string, _at: string, fn: (n: JsonSchema, where: string) => void): void {
  visit(node, (n, pointer) => {
    if (isObject(n.properties)) fn(n, `${rel}#${pointer}`);
  });
}

function checkObject(node: JsonSchema, where: string, problems: string[]): void {
  const props = node.properties as Record<string, JsonSchema>;
  const clientNames = new Map<string, string>();
  const groups = new Set(
    ((node['x-ui'] as { groups?: { key: string }[] } | undefined)?.groups ?? []).map((g) => g.key),
  );
  for (const [name, prop] of Object.entries(props)) {
    if (node['x-spec-names'] !== true && !WIRE_NAME.test(name))
      problems.push(`${where}: property "${name}" is not a snake_case wire name`);
    const client = typeof prop['x-client-name'] === 'string' ? prop['x-client-name'] : snakeToCamel(name);
    const clash = clientNames.get(client);
    if (clash) problems.push(`${where}: "${name}" and "${clash}" both map to client name "${client}"`);
    clientNames.set(client, name);
    const ui = prop['x-ui'] as { group?: string; visibleIf?: unknown } | undefined;
    if (ui?.group && !groups.has(ui.group))
      problems.push(`${where}: "${name}" is in group "${ui.group}", not declared in x-ui.groups`);
    const conditions = [ui?.visibleIf];
    if (ui?.group) {
      const g = ((node['x-ui'] as { groups?: { key: string; visibleIf?: unknown }[] }).groups ?? []).find(
        (x) => x.key === ui.group,
      );
      conditions.push(g?.visibleIf);
    }
    const hidden = conditions.filter((c) => c !== undefined);
    for (const c of hidden) checkCondition(c, props, `${where} "${name}".visibleIf`, problems);
    if (hidden.length && prop.$ref === undefined) {
      const types = typesOf(prop);
      if (!types.includes('null') && !types.includes('array') && !('const' in prop))
        problems.push(`${where}: "${name}" can be hidden, so its type must allow null`);
    }
  }
  const required = (node.required as string[] | undefined) ?? [];
  for (const r of required) if (!(r in props)) problems.push(`${where}: required "${r}" is not a property`);
  for (const rule of fieldRulesOf(node))
    for (const name of [rule.field, rule.lte])
      if (!(name in props)) problems.push(`${where}: x-rules names "${name}", which is not a property`);
  checkFlat(props, where, problems);
}

/** x-flat groups: their flag is one of their fields, and their flat names belong to one group only. */
function checkFlat(props: Record<string, JsonSchema>, where: string, problems: string[]): void {
  const owner = new Map<string, string>();
  for (const [name, prop] of Object.entries(props)) {
    const flat = prop['x-flat'] as { flag?: string } | undefined;
    if (!flat) continue;
    const fields = isObject(prop.properties) ? Object.keys(prop.properties) : [];
    if (!fields.length) problems.push(`${where}: "${name}" has x-flat but no properties of its own`);
    if (flat.flag !== undefined && !fields.includes(flat.flag))
      problems.push(`${where}: x-flat flag "${flat.flag}" of "${name}" is not one of its fields`);
    for (const f of fields) {
      if (f in props)
        problems.push(
          `${where}: field "${f}" of x-flat group "${name}" has the name of a sibling field; it could not be sent flat`,
        );
      const other = owner.get(f);
      if (other) problems.push(`${where}: field "${f}" is in x-flat groups "${other}" and "${name}"`);
      owner.set(f, name);
    }
  }
}

function checkCondition(c: unknown, siblings: Record<string, unknown>, where: string, problems: string[]): void {
  if (typeof c === 'boolean') return;
  if (!isObject(c)) {
    problems.push(`${where}: a condition is an object`);
    return;
  }
  for (const key of Object.keys(c))
    if (!CONDITION_KEYWORDS.has(key)) problems.push(`${where}: keyword "${key}" is not supported in conditions`);
  for (const key of Object.keys((c.properties as object | undefined) ?? {}))
    if (!(key in siblings)) problems.push(`${where}: reads "${key}", which is not a sibling field`);
  for (const sub of [...((c.anyOf as unknown[]) ?? []), ...((c.allOf as unknown[]) ?? [])])
    checkCondition(sub, siblings, where, problems);
  if (c.not !== undefined) checkCondition(c.not, siblings, where, problems);
}
