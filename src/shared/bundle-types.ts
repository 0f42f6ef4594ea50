/**
 * The shapes of schemas/routes.json and schemas/options/*.json, as codegen reads them and as the
 * server receives them in generated/schema-bundle.json.
 */
export type JsonSchema = { [key: string]: unknown };

export interface OptionItem {
  value: string | number;
  label: { en: string; es?: string; ru?: string; fa?: string };
}

export interface OptionList {
  category: string;
  title: string;
  head?: string;
  /** Values match whatever their case (BCP 47 language tags); the list's spelling is stored. */
  caseInsensitive?: boolean;
  options: OptionItem[];
}

export interface RouteBody {
  schema: string;
  contentType?: 'application/json' | 'multipart/form-data';
  list?: boolean;
  optional?: boolean;
  maxFileBytes?: number;
  maxFiles?: number;
}

export interface RouteResponse {
  schema?: string;
  list?: boolean;
  contentType?: string;
  description?: string;
}

export type PermissionFlag =
  | 'properties' | 'facts' | 'photos' | 'stop_sales' | 'stop_sale_room_types' | 'stop_sale_contact_list'
  | 'stop_sale_publishing' | 'company' | 'export' | 'developer_tools' | 'partner_connections' | 'premium_subscription';

export interface RouteDef {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: 'public' | 'user' | 'manager' | 'staff' | 'apiKey';
  accountType?: 'accommodation' | 'to';
  permission: PermissionFlag | null;
  property?: { in: 'path' | 'body' | 'query'; name: string };
  params?: Record<string, 'integer' | 'string'>;
  query?: string;
  body?: RouteBody;
  normalize?: boolean;
  throttle?: string;
  /** Error answers also carry their messages, flattened into one text, in this field. */
  errorField?: string;
  /** Also takes a stream ticket in its query (?ticket=) in place of the token (EventSource sends no headers). */
  ticket?: boolean;
  responses: Record<string, RouteResponse | null>;
}

export interface SchemaBundle {
  schemas: JsonSchema[];
  routes: RouteDef[];
  options: OptionList[];
}

export const PERMISSION_FLAGS = [
  'properties', 'facts', 'photos', 'stop_sales', 'stop_sale_room_types', 'stop_sale_contact_list',
  'stop_sale_publishing', 'company', 'export', 'developer_tools', 'partner_connections', 'premium_subscription',
] as const satisfies readonly PermissionFlag[];
