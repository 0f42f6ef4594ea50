/** A field's place in a document: property names and list indexes, client (camelCase) names. */
export type Path = readonly (string | number)[];

/** The key a field's errors are kept under: "tax.taxCharges", "3.roomName". */
export const pathKey = (path: Path): string => path.join('.');

export function getIn(doc: unknown, path: Path): unknown {
  let node: unknown = doc;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}

/** A copy of `doc` with `value` at `path`; only the objects on the way are copied. */
export function setIn<T>(doc: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const current = (doc ?? (typeof head === 'number' ? [] : {})) as Record<string | number, unknown>;
  const child = setIn(current[head], rest, value);
  if (current[head] === child) return doc;
  if (Array.isArray(current)) {
    const copy = [...current];
    copy[head as number] = child;
    return copy as T;
  }
  return { ...current, [head]: child } as T;
}
