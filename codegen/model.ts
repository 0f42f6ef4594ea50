/** What codegen reads from schemas/: plain data, no behaviour. */
export const SCHEMA_BASE = 'https://ananas.dev/schemas/';
export const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

export type JsonSchema = { [key: string]: unknown };

import type { OptionList, OtaMapping, RouteDef } from '../src/shared/bundle-types.js';
export type {
  OptionItem,
  OptionList,
  PermissionFlag,
  RouteBody,
  RouteDef,
  RouteResponse,
} from '../src/shared/bundle-types.js';

/** One vendored OpenTravel code table (schemas/meta/ota-codes.schema.json). */
export interface OtaCodeTable {
  list: string;
  name: string;
  release: string;
  source: string;
  codes: { code: number; name: string }[];
}

export interface SchemaFile {
  /** Path under schemas/, e.g. facts/main-info.schema.json */
  rel: string;
  id: string;
  /** PascalCase name of the client type; the wire type adds "Wire". */
  typeName: string;
  schema: JsonSchema;
}

export interface SchemaSet {
  schemas: Map<string, SchemaFile>;
  options: Map<string, OptionList>;
  routes: RouteDef[];
  /** schemas/ota-mapping.json: where fact fields go in OTA hotel content. */
  otaMapping: OtaMapping;
  /** schemas/partner-photo-rules.json: each channel's photo rules (data, checked against photos/partner-photo-rules.schema.json). */
  partnerPhotoRules?: unknown;
  /** schemas/ota-codes/<LIST>.json: the OpenTravel code tables, by list. */
  otaCodes: Map<string, OtaCodeTable>;
  /** Every route tag with its description (routes.json `tags`). */
  tags: Record<string, string>;
}

export function pascal(s: string): string {
  return s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

export function isObject(v: unknown): v is JsonSchema {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function typesOf(node: JsonSchema): string[] {
  const t = node.type;
  return t === undefined ? [] : Array.isArray(t) ? (t as string[]) : [t as string];
}

/** Path params of a route path in order: api/facts/rooms/delete/{roomId}/ -> [roomId] */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!);
}
