import type { ErrorObject } from 'ajv';
import type { NameMap } from './case.js';
import type { Condition } from './conditions.js';

/** A validator compiled ahead of time by ajv standalone (no compiler in the browser). */
export type PrecompiledValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** A client (camelCase, ref-free) JSON Schema as codegen writes it. */
export interface ClientSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, ClientSchema>;
  items?: ClientSchema;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  [keyword: string]: unknown;
}

export type UiSchema = Record<string, unknown>;

export interface SectionMeta {
  /** API and editor key, e.g. main-info. */
  key: string;
  /** Editor tab it belongs to (list items live inside a tab). */
  tab?: string;
  title: string;
  order?: number;
  /** Key in the answer of GET api/facts/init-facts-info/{id}/. */
  initKey?: string;
  kind?: 'document' | 'list';
  /** Stand-alone page of spec 001 §2, e.g. /main-facts. */
  page?: string;
  /** The tab is enabled only while `condition` holds on the wire document of `section`. */
  enabledIf?: { section: string; condition: Condition };
  /**
   * The section's calls from routes.json (leading slash, one path parameter each): get, create,
   * update for a document; list, save, remove for a list.
   */
  api?: Partial<Record<'get' | 'create' | 'update' | 'list' | 'save' | 'remove', string>>;
}

export interface SectionDefinition<T = unknown, W = unknown> extends SectionMeta {
  typeName: string;
  schema: ClientSchema;
  uiSchema: UiSchema;
  /** Wire (snake_case) <-> client (camelCase) renames of the section's fields. */
  names: NameMap;
  validateSave: PrecompiledValidator;
  validatePublish: PrecompiledValidator;
  /** Never set at run time: carries the client type for inference. */
  readonly __type?: T;
  /** Never set at run time: the wire type of a body that passed validateSave. */
  readonly __wire?: W;
}

export interface SectionEntry extends SectionMeta {
  typeName: string;
  load: () => Promise<SectionDefinition>;
}

/** A settings, team or security form (x-form): like a section, without publish rules. */
export interface FormDefinition<T = unknown, W = unknown> {
  key: string;
  title: string;
  typeName: string;
  schema: ClientSchema;
  uiSchema: UiSchema;
  validateSave: PrecompiledValidator;
  /** Never set at run time: carries the client type for inference. */
  readonly __type?: T;
  /** Never set at run time: the wire type of a body that passed validateSave. */
  readonly __wire?: W;
}
