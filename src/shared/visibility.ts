import { holds, type Condition } from './conditions.js';

/** The parts of a (ref-free) object schema that decide which fields are shown. */
export interface VisibilitySchema {
  type?: string | readonly string[];
  properties?: Readonly<Record<string, VisibilitySchema>>;
  items?: VisibilitySchema;
  'x-ui'?: {
    visibleIf?: Condition;
    group?: string;
    groups?: readonly { key: string; visibleIf?: Condition }[];
  };
}

/** The condition that shows a property: its own, and its group's. */
export function visibilityOf(parent: VisibilitySchema, name: string): Condition[] {
  const prop = parent.properties?.[name];
  const out: Condition[] = [];
  const own = prop?.['x-ui']?.visibleIf;
  if (own !== undefined) out.push(own);
  const groupKey = prop?.['x-ui']?.group;
  if (groupKey) {
    const group = parent['x-ui']?.groups?.find((g) => g.key === groupKey);
    if (group?.visibleIf !== undefined) out.push(group.visibleIf);
  }
  return out;
}

export function isVisible(parent: VisibilitySchema, name: string, doc: unknown): boolean {
  return visibilityOf(parent, name).every((c) => holds(c, doc));
}

function emptyFor(schema: VisibilitySchema | undefined): null | [] {
  const types = schema?.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('array') && !types.includes('null') ? [] : null;
}

/** What clearHidden needs of an object schema, worked out once per schema node. */
interface ClearPlan {
  /** The properties that can be hidden (those with a condition), with their conditions and empty value. */
  hideable: { name: string; conditions: Condition[]; empty: null | [] }[];
  /** Every property, for the nested documents. */
  nested: [string, VisibilitySchema][];
}

const plans = new WeakMap<VisibilitySchema, ClearPlan>();

function planOf(schema: VisibilitySchema): ClearPlan {
  let plan = plans.get(schema);
  if (!plan) {
    const props = schema.properties ?? {};
    plan = {
      hideable: Object.keys(props).flatMap((name) => {
        const conditions = visibilityOf(schema, name);
        return conditions.length ? [{ name, conditions, empty: emptyFor(props[name]) }] : [];
      }),
      nested: Object.entries(props),
    };
    plans.set(schema, plan);
  }
  return plan;
}

/**
 * A copy of `doc` in which every field hidden by its controlling flag is emptied (null, or []
 * for lists that cannot be null): the reference rule "dependents of a switched-off flag are
 * sent and stored as null". Applied by the editor before a save and by the server before it
 * validates, so both always agree. Repeats until nothing changes, for chains of flags.
 */
export function clearHidden<T>(schema: VisibilitySchema, doc: T): T {
  if (doc === null || typeof doc !== 'object') return doc;
  if (Array.isArray(doc)) {
    return (schema.items ? doc.map((row: unknown) => clearHidden(schema.items!, row)) : doc) as T;
  }
  const out: Record<string, unknown> = { ...(doc as Record<string, unknown>) };
  // The conditions of each schema node are looked up once, not for every field of every row.
  const plan = planOf(schema);
  for (let pass = 0; pass < 4; pass++) {
    let changed = false;
    for (const { name, conditions, empty } of plan.hideable) {
      if (conditions.every((c) => holds(c, out))) continue;
      const current = out[name];
      const already = empty === null ? current === null : Array.isArray(current) && current.length === 0;
      if (!already) {
        out[name] = empty;
        changed = true;
      }
    }
    if (!changed) break;
  }
  for (const [name, sub] of plan.nested) {
    if (out[name] !== null && typeof out[name] === 'object') out[name] = clearHidden(sub, out[name]);
  }
  return out as T;
}
