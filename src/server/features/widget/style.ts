import { randomBytes } from 'node:crypto';
import type { Services } from '../../services.js';
import type { JsonSchema } from '../../../shared/bundle-types.js';
import type { WidgetWire } from '../../../shared/generated/wire-types.js';
import type { WidgetRow } from './store.js';

export type Stored = Record<string, unknown>;

const SCHEMA = 'settings/widget.schema.json';
/** Never taken from a body: the row's id, the generated token and the property (it names the row). */
const NOT_STYLE = ['id', 'token', 'hotel'];

export const widgetSchema = (services: Services): JsonSchema => services.schemas.resolved(SCHEMA);

/** The appearance fields with their schema defaults: a new style field needs no code here. */
export function styleDefaults(schema: JsonSchema): Stored {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(
    Object.entries(props)
      .filter(([k]) => !NOT_STYLE.includes(k))
      .map(([k, p]) => [k, p.default ?? null]),
  );
}

export function styleOf(schema: JsonSchema, body: object): Stored {
  const keys = Object.keys(styleDefaults(schema));
  return Object.fromEntries(Object.entries(body).filter(([k, v]) => keys.includes(k) && v !== undefined));
}

export const newToken = (): string => `wg_${randomBytes(18).toString('base64url')}`;

/** A new widget's row values (the schema's defaults under `style`), for callers outside the settings calls: the demo. */
export function newWidgetValues(services: Services, style: Stored): { token: string; data: string } {
  const schema = widgetSchema(services);
  return { token: newToken(), data: JSON.stringify({ ...styleDefaults(schema), ...styleOf(schema, style) }) };
}

/** A property's widget settings as the API shows them; the schema's defaults when it has none yet. */
export function widgetWire(services: Services, propertyId: number, row: WidgetRow | undefined): WidgetWire {
  const data = { ...styleDefaults(widgetSchema(services)), ...(row ? (JSON.parse(row.data) as Stored) : {}) };
  return { ...data, id: row?.id ?? 0, hotel: propertyId, token: row?.token ?? '' } as WidgetWire;
}
