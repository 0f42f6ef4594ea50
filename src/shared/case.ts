/** snake_case wire name -> camelCase client name (check_in_time -> checkInTime). */
export function snakeToCamel(name: string): string {
  return name.replace(/_+([a-zA-Z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/**
 * A tree of property renames for one schema. Only declared properties are renamed; map keys,
 * enum and const values pass through untouched.
 */
export interface NameMap {
  /** wire name -> [client name, map of the value when it is an object or list of objects] */
  props?: Record<string, readonly [string, NameMap?]>;
  /** map of array items */
  items?: NameMap;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function mapValue(value: unknown, map: NameMap | undefined, toClient: boolean): unknown {
  if (!map || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return map.items ? value.map((v) => mapValue(v, map.items, toClient)) : value;
  if (!map.props) return value;
  const lookup = toClient ? map.props : inverse(map);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, Json>)) {
    const entry = lookup[key];
    if (entry) out[entry[0]] = mapValue(v, entry[1], toClient);
    else out[key] = v;
  }
  return out;
}

const inverses = new WeakMap<NameMap, Record<string, readonly [string, NameMap?]>>();
function inverse(map: NameMap): Record<string, readonly [string, NameMap?]> {
  let inv = inverses.get(map);
  if (!inv) {
    inv = {};
    for (const [wire, [client, child]] of Object.entries(map.props ?? {})) inv[client] = child ? [wire, child] : [wire];
    inverses.set(map, inv);
  }
  return inv;
}

export function fromWireWith(value: unknown, map: NameMap): unknown {
  return mapValue(value, map, true);
}

export function toWireWith(value: unknown, map: NameMap): unknown {
  return mapValue(value, map, false);
}

/** Translate a wire path (as in a 400 body) into the client path of the same field. */
export function wirePathToClient(path: readonly (string | number)[], map: NameMap | undefined): (string | number)[] {
  const out: (string | number)[] = [];
  let node = map;
  for (const segment of path) {
    if (typeof segment === 'number' || /^\d+$/.test(String(segment))) {
      out.push(Number(segment));
      node = node?.items;
      continue;
    }
    const entry = node?.props?.[segment];
    out.push(entry ? entry[0] : segment);
    node = entry?.[1];
  }
  return out;
}
