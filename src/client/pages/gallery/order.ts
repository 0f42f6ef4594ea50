/** Gallery order: pure functions over the photo list (tested in tests/client/gallery-order.test.ts). */

export interface Sequenced {
  id: number;
  sequence: number | null;
}

/** The list with the item at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): readonly T[] {
  const last = list.length - 1;
  const target = Math.max(0, Math.min(last, to));
  if (from < 0 || from > last || from === target) return list;
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** Where a key moves a tile in a grid of `columns`: arrows by one or a row, Home and End to the ends. */
export function keyTarget(key: string, index: number, count: number, columns: number): number | undefined {
  switch (key) {
    case 'ArrowLeft':
      return index - 1;
    case 'ArrowRight':
      return index + 1;
    case 'ArrowUp':
      return index - Math.max(1, columns);
    case 'ArrowDown':
      return index + Math.max(1, columns);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/** Sequences 1..n in list order; items already right keep their identity (memoised tiles stay). */
export function renumber<T extends Sequenced>(list: readonly T[]): T[] {
  return list.map((p, i) => (p.sequence === i + 1 ? p : { ...p, sequence: i + 1 }));
}

/** The list in sequence order (ties by id), as the server lists it. */
export function bySequence<T extends Sequenced>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0) || a.id - b.id);
}

export const idsOf = (list: readonly Sequenced[]): number[] => list.map((p) => p.id);

export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/**
 * The local order reconciled with the server's list (a photo uploaded or deleted elsewhere
 * meanwhile): the local photos the server still has, in the local order, then the server's
 * photos the list lacked, in the server's order.
 */
export function mergeOrder<T extends { id: number }>(local: readonly T[], server: readonly T[]): T[] {
  const onServer = new Set(server.map((p) => p.id));
  const known = new Set(local.map((p) => p.id));
  return [...local.filter((p) => onServer.has(p.id)), ...server.filter((p) => !known.has(p.id))];
}

/**
 * The list with the photos of `chosen` (ids, in the order they were picked for upload) put back
 * in that order, in the places they hold: uploads run side by side and the server numbers each
 * photo as it lands. The same list when they are in order already (or some are gone).
 */
export function inChosenOrder<T extends Sequenced>(list: readonly T[], chosen: readonly number[]): readonly T[] {
  const wanted = new Set(chosen);
  const byId = new Map(list.map((p) => [p.id, p]));
  const present = chosen.filter((id) => byId.has(id));
  let next = 0;
  const out = list.map((p) => (wanted.has(p.id) ? byId.get(present[next++]!)! : p));
  return out.every((p, i) => p === list[i]) ? list : out;
}
