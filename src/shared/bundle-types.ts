/**
 * The shapes of schemas/routes.json and schemas/options/*.json, as codegen reads them and as the
 * server receives them in generated/schema-bundle.json.
 */
export type JsonSchema = { [key: string]: unknown };

/** One code of an OpenTravel code list, or several (schemas/ota-codes/; src/shared/ota/codes.ts reads them). */
export type OtaCodes = { list: string; code: number } | { list: string; code: number }[];

/** An option's label per language code; English is always there. */
export type OptionLabel = { en: string } & { [language: string]: string | undefined };

export interface OptionItem {
  value: string | number;
  /**
   * What people see: English from the list, the other languages from locales/<lang>/options.json
   * (codegen writes them into the bundle; a language without a label shows English).
   */
  label: OptionLabel;
  /** false: still accepted from the spec's clients (stored, or mapped by mapsTo), never offered. */
  offered?: boolean;
  /** The value of this list a not-offered value means: requests sending it store this one. */
  mapsTo?: string | number;
  /** What code reads about the value (schemas/meta/options.schema.json); never served. */
  meaning?: Record<string, string | number | boolean>;
  /** The OpenTravel code(s) the value means (schemas/ota-codes/). */
  ota?: OtaCodes;
  /** Why the value has no OpenTravel code. */
  otaNone?: string;
  /** A charges value: included in the room rate (true) or charged (false). */
  otaIncluded?: boolean;
}

export interface OptionList {
  category: string;
  title: string;
  head?: string;
  /** Values match whatever their case (BCP 47 language tags); the list's spelling is stored. */
  caseInsensitive?: boolean;
  /** The values are the languages of locales/languages.json: codegen writes the options. */
  languages?: true;
  /** Why no value of the list has an OpenTravel code. */
  otaNone?: string;
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
  | 'properties'
  | 'facts'
  | 'photos'
  | 'stop_sales'
  | 'stop_sale_room_types'
  | 'stop_sale_contact_list'
  | 'stop_sale_publishing'
  | 'company'
  | 'export'
  | 'developer_tools'
  | 'partner_connections'
  | 'premium_subscription';

/** The calls of a guarded route that need no fresh proof: `unless` every field named has one of its values. */
export interface StepUpRule {
  unless: Record<string, readonly (string | number | boolean | null)[]>;
}

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
  /**
   * A change of who can get in or of what leaves the account: the session must have proved who
   * uses it within STEP_UP_MINUTES (403 step_up_required otherwise). A rule: every call but those
   * whose body has, for each field named, one of its values (a field left out reads as null).
   */
  stepUp?: true | StepUpRule;
  responses: Record<string, RouteResponse | null>;
}

/** The OTA elements a fact field may go to (schemas/meta/ota-mapping.schema.json describes each). */
export const OTA_TARGETS = [
  'category',
  'locationCategory',
  'description',
  'renovation',
  'position',
  'service',
  'award',
  'contact',
  'policy',
  'pets',
  'tax',
  'fee',
  'refPoint',
  'recreation',
  'guestRoom',
  'restaurant',
  'image',
  'meetingRoom',
] as const;
export type OtaTarget = (typeof OTA_TARGETS)[number];

/** Where one field goes: a target (its text slot), or a target, the slot it fills and the key that gathers fields into one element. */
export type OtaEntry = OtaTarget | { to: OtaTarget; slot?: string; key?: string; included?: true };

export interface OtaSectionMapping {
  fields?: Record<string, OtaEntry>;
  groups?: Record<string, OtaEntry>;
  unmapped?: string[];
  /** Why OpenTravel has no vocabulary for the section: its fields are counted apart from the structured share. */
  noVocabulary?: string;
}

/** schemas/ota-mapping.json: fact and photo fields as OTA_HotelDescriptiveInfoRS content. */
export interface OtaMapping {
  sections: Record<string, OtaSectionMapping>;
  photo: OtaSectionMapping;
  options: Record<string, Record<string, OtaTarget>>;
  /** Option lists whose values fill a slot of their element wherever they go: { category: slot }. */
  optionSlots?: Record<string, 'chargeUnit' | 'chargeFrequency'>;
  /** Our option values as OTA values: { category: { value: OTA value } }. */
  values: Record<string, Record<string, string>>;
}

export interface SchemaBundle {
  schemas: JsonSchema[];
  routes: RouteDef[];
  options: OptionList[];
  ota: OtaMapping;
}

export const PERMISSION_FLAGS = [
  'properties',
  'facts',
  'photos',
  'stop_sales',
  'stop_sale_room_types',
  'stop_sale_contact_list',
  'stop_sale_publishing',
  'company',
  'export',
  'developer_tools',
  'partner_connections',
  'premium_subscription',
] as const satisfies readonly PermissionFlag[];
