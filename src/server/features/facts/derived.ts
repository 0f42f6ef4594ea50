import type { SchemaRegistry } from '../../routing/schema-registry.js';
import { sectionsOf } from './sections.js';

/**
 * Derived facts (`x-derived`, schemas/README.md "Derived facts"): a section's read-only fields
 * counted from a list of the same property, never typed and never stored. The accessibility
 * section's room counts are the first: which room types have a feature (their names), how many
 * units (the sum of each room type's own count) and whether any has it (`any`, a yes/no), so the
 * property's summary cannot disagree with its rooms (issue 40). Every answer and snapshot goes through `withDerived` or `deriveInto`; a
 * save drops them (`withoutDerived`), so a client that still sends a typed count changes nothing.
 */

type Doc = Record<string, unknown>;

export interface Derivation {
  field: string;
  list: string;
  where: readonly string[];
  sum?: string;
  names?: string;
  /** A yes/no: yes when a row has the feature, no when every row says it has not, else unknown. */
  any?: boolean;
}

/** The derived fields of each section key (sections without any are absent). */
const byRegistry = new WeakMap<SchemaRegistry, ReadonlyMap<string, readonly Derivation[]>>();

export function derivationsOf(registry: SchemaRegistry): ReadonlyMap<string, readonly Derivation[]> {
  let found = byRegistry.get(registry);
  if (!found) {
    const map = new Map<string, Derivation[]>();
    for (const s of sectionsOf(registry)) {
      const props = (registry.resolved(s.ref).properties ?? {}) as Record<string, Doc>;
      const list: Derivation[] = [];
      for (const [field, node] of Object.entries(props)) {
        const d = node['x-derived'] as Omit<Derivation, 'field'> | undefined;
        if (d) list.push({ field, ...d });
      }
      if (list.length) map.set(s.key, list);
    }
    found = map;
    byRegistry.set(registry, found);
  }
  return found;
}

/**
 * One derived value from the list's rows: null when no row has the feature (or, for a sum, a row
 * lacks its count). A yes/no (`any`) is no only when there are rows and each answers no to one
 * of the `where` fields: a row that does not say leaves it unknown.
 */
export function derivedValue(d: Derivation, rows: readonly Doc[]): number | string | boolean | null {
  const having = rows.filter((r) => d.where.every((w) => r[w] === true));
  if (d.any) {
    if (having.length) return true;
    return rows.length && rows.every((r) => d.where.some((w) => r[w] === false)) ? false : null;
  }
  if (!having.length) return null;
  if (d.sum) {
    let total = 0;
    for (const r of having) {
      const n = r[d.sum];
      if (typeof n !== 'number') return null;
      total += n;
    }
    return total;
  }
  const names = having.map((r) => r[d.names!]).filter((n) => typeof n === 'string' && n.trim() !== '');
  return names.length ? names.join(', ') : null;
}

/** Sets the derived fields of `doc` (a section's document) from the lists' rows; returns it. */
export function deriveInto(
  derivations: readonly Derivation[],
  doc: Doc,
  rowsOf: (list: string) => readonly Doc[],
): Doc {
  for (const d of derivations) doc[d.field] = derivedValue(d, rowsOf(d.list));
  return doc;
}

type Documents = Map<string, Doc | Doc[]>;

/**
 * The property's documents with every derived field set. A section never saved gets a document
 * of its derived fields alone when one of them has a value (so a hotel that described its room
 * types shows its counts before it saves the summary). The map and the documents are changed in place.
 */
export function withDerived<M extends Documents>(registry: SchemaRegistry, documents: M, propertyId: number): M {
  const rowsOf = (list: string) => {
    const rows = documents.get(list);
    return Array.isArray(rows) ? rows : [];
  };
  for (const [key, derivations] of derivationsOf(registry)) {
    const stored = documents.get(key);
    if (stored && !Array.isArray(stored)) deriveInto(derivations, stored, rowsOf);
    else {
      const doc = deriveInto(derivations, {}, rowsOf);
      if (Object.values(doc).some((v) => v !== null))
        documents.set(key, { id: null, hotel: propertyId, version: null, ...doc });
    }
  }
  return documents;
}

/** A request body without the derived fields of its section (they are never stored). */
export function withoutDerived(registry: SchemaRegistry, key: string, body: Doc): Doc {
  const derivations = derivationsOf(registry).get(key);
  if (!derivations) return body;
  const out = { ...body };
  for (const d of derivations) delete out[d.field];
  return out;
}
