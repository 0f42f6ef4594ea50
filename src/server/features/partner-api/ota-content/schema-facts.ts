import type { JsonSchema } from '../../../../shared/bundle-types.js';

/**
 * What a section schema says about how its fields belong together, read once per schema: the
 * unit and the range end that travel with a field (x-ui.unitOf, x-ui.rangeOf), and the yes/no
 * facts a field is a detail of (the flags its x-ui.visibleIf requires).
 */

type Ui = { unitOf?: string; rangeOf?: string; visibleIf?: { properties?: Record<string, { const?: unknown }> } };

/** Per field path (nested: parent.child): its unit's path and its range end's path. */
export interface Companions {
  unit?: string;
  end?: string;
}

const companionCache = new WeakMap<JsonSchema, Map<string, Companions>>();
const dependsCache = new WeakMap<JsonSchema, Map<string, readonly string[]>>();

/** Every object of properties in a schema, with the path prefix of its fields. */
function objects(schema: JsonSchema): [string, Record<string, JsonSchema>][] {
  const out: [string, Record<string, JsonSchema>][] = [];
  const walk = (props: Record<string, JsonSchema>, prefix: string) => {
    out.push([prefix, props]);
    for (const [name, prop] of Object.entries(props))
      if (prop.properties && !prop['x-options'])
        walk(prop.properties as Record<string, JsonSchema>, `${prefix}${name}.`);
  };
  walk((schema.properties ?? {}) as Record<string, JsonSchema>, '');
  return out;
}

export function companionsOf(schema: JsonSchema): Map<string, Companions> {
  let map = companionCache.get(schema);
  if (!map) {
    map = new Map();
    for (const [prefix, props] of objects(schema))
      for (const [name, prop] of Object.entries(props)) {
        const ui = (prop['x-ui'] ?? {}) as Ui;
        if (ui.unitOf) map.set(prefix + ui.unitOf, { ...map.get(prefix + ui.unitOf), unit: prefix + name });
        if (ui.rangeOf) map.set(prefix + ui.rangeOf, { ...map.get(prefix + ui.rangeOf), end: prefix + name });
      }
    companionCache.set(schema, map);
  }
  return map;
}

/** The fields (same object) a field's visibility requires to be true. */
export function dependsOn(schema: JsonSchema, path: string): readonly string[] {
  let map = dependsCache.get(schema);
  if (!map) {
    map = new Map();
    for (const [prefix, props] of objects(schema))
      for (const [name, prop] of Object.entries(props)) {
        const required = (prop['x-ui'] as Ui | undefined)?.visibleIf?.properties ?? {};
        const flags = Object.entries(required)
          .filter(([, c]) => c?.const === true)
          .map(([n]) => prefix + n);
        if (flags.length) map.set(prefix + name, flags);
      }
    dependsCache.set(schema, map);
  }
  return map.get(path) ?? [];
}

const leaderCache = new WeakMap<JsonSchema, Set<string>>();

/** Whether other fields depend on this one (a yes/no fact with details of its own: a thing offered, never a detail). */
export function leads(schema: JsonSchema, path: string): boolean {
  let set = leaderCache.get(schema);
  if (!set) {
    dependsOn(schema, path);
    set = new Set([...dependsCache.get(schema)!.values()].flat());
    leaderCache.set(schema, set);
  }
  return set.has(path);
}
