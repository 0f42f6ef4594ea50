import type { OverrideDataWire } from '../../../shared/generated/wire-types.js';
import type { JsonSchema } from '../../../shared/bundle-types.js';
import type { Services } from '../../services.js';
import { translated } from '../../../shared/fact-sheet/index.js';
import type { Language } from '../../../shared/i18n/languages.js';
import type { OperatorAction } from '../partners/index.js';
import { OVERRIDE_SETTING_ACTIONS } from '../../../shared/generated/value-lists.js';
import type { SectionDocuments } from '../publications/index.js';

export const OVERRIDE_SCHEMA = 'operator/override-data.schema.json';
export const LOCATION_SCHEMA = 'facts/location.schema.json';
/** The section whose facts an operator may override (spec 000 §3 "Override property": location and beach facts). */
export const LOCATION = 'location';

/** One field of the override document an operator may set. */
export interface OverridableField {
  /** hotel_name, add_operator_logo..., or location.<field>. */
  path: string;
  label: string;
  /** A fact (moderated by the contract's level) or one of the operator's own settings (a contract permission). */
  kind: 'fact' | 'setting';
  /** Settings: the contract permission that governs it. */
  action?: OperatorAction;
  /** Facts: the lowest moderation level at which an override applies without approval (x-moderation). */
  tier: number;
  schema: JsonSchema;
  /** The title of its group (the override document's, or the location section's). */
  group: string;
  /** The key its value shows under in a fact sheet (a distance's unit shows with its distance). */
  sheetKey: string | null;
}

/** The contract permission governing each of the operator's settings (its x-operator-action). */
const SETTING_ACTIONS: Readonly<Record<string, OperatorAction>> = OVERRIDE_SETTING_ACTIONS;

const SECTION_KEYS = new Set(['id', 'hotel', 'version']);
const cache = new WeakMap<object, OverridableField[]>();

type Props = Record<string, JsonSchema>;
const uiOf = (s: JsonSchema) => (s['x-ui'] ?? {}) as { group?: string; unitOf?: string; rangeOf?: string };

/**
 * Every field an operator may override, from the override document's schema and the location
 * section's (a field added to the location schema is overridable with no other change). Its
 * tier comes from x-moderation: by path, else by `location/<group>`, else 5 (Open only).
 */
export function overridableFields(services: Services): OverridableField[] {
  const known = cache.get(services.schemas);
  if (known) return known;
  const root = services.schemas.resolved(OVERRIDE_SCHEMA);
  const tiers = (root['x-moderation'] ?? {}) as Record<string, number>;
  const groupTitles = (node: JsonSchema) =>
    new Map(
      ((node['x-ui'] as { groups?: { key: string; title: string }[] } | undefined)?.groups ?? []).map((g) => [
        g.key,
        g.title,
      ]),
    );
  const rootGroups = groupTitles(root);
  const out: OverridableField[] = [];
  for (const [name, schema] of Object.entries(root.properties as Props)) {
    if (name === LOCATION) continue;
    const action = SETTING_ACTIONS[name];
    const group = rootGroups.get(uiOf(schema).group ?? '') ?? '';
    out.push({
      path: name,
      label: String(schema.title ?? name),
      kind: action ? 'setting' : 'fact',
      action,
      tier: tiers[name] ?? 5,
      schema,
      group,
      sheetKey: null,
    });
  }
  const locationRoot = services.schemas.resolved(LOCATION_SCHEMA);
  const locationGroups = groupTitles(locationRoot);
  const location = locationRoot.properties as Props;
  for (const [name, schema] of Object.entries(location)) {
    if (SECTION_KEYS.has(name)) continue;
    const ui = uiOf(schema);
    const path = `${LOCATION}.${name}`;
    out.push({
      path,
      label: String(schema.title ?? name),
      kind: 'fact',
      tier: tiers[path] ?? (ui.group ? tiers[`${LOCATION}/${ui.group}`] : undefined) ?? 5,
      schema,
      group: locationGroups.get(ui.group ?? '') ?? String(locationRoot.title ?? LOCATION),
      sheetKey: `${LOCATION}.${ui.unitOf ?? ui.rangeOf ?? name}`,
    });
  }
  cache.set(services.schemas, out);
  return out;
}

/** The label of the field at `path` in `lang` (its schema's x-texts); the path itself for a field no longer overridable. */
export function fieldLabel(services: Services, path: string, lang: Language): string {
  const field = overridableFields(services).find((f) => f.path === path);
  return field ? translated(field.label, field.schema['x-texts'], lang) : path;
}

/** A path's value in an override document (undefined: not set). */
export function valueAt(data: Partial<OverrideDataWire> | undefined, path: string): unknown {
  if (!data) return undefined;
  if (path.startsWith(`${LOCATION}.`)) {
    const loc = data.location as Record<string, unknown> | undefined;
    const key = path.slice(LOCATION.length + 1);
    return loc && Object.prototype.hasOwnProperty.call(loc, key) ? loc[key] : undefined;
  }
  const v = (data as Record<string, unknown>)[path];
  return v === null ? undefined : v;
}

/** The hotel's published values as an override document (the operator's settings are not the hotel's: null). */
export function hotelData(documents: SectionDocuments, hotelName: string, services: Services): OverrideDataWire {
  const doc = documents.get(LOCATION);
  // Completed to the section's schema: a section never published reads with every field empty (lists []).
  const complete = services.schemas.complete(LOCATION_SCHEMA, doc && !Array.isArray(doc) ? doc : {}) as Record<
    string,
    unknown
  >;
  const location = Object.fromEntries(Object.entries(complete).filter(([name]) => !SECTION_KEYS.has(name)));
  return {
    hotel_name: hotelName,
    add_operator_logo: null,
    enable_stopsale_api: null,
    stopsale_closed_on_request: null,
    remove_property_logo: null,
    location,
  };
}

/** Canonical text of a value, to compare values (null and absent alike). */
export const canonical = (v: unknown): string => JSON.stringify(v ?? null);
