import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../shared/ajv.js';
import type { JsonSchema, SchemaBundle } from '../../shared/bundle-types.js';
import type { ErrorTree } from '../../shared/errors.js';
import { translated } from '../../shared/i18n/node-texts.js';
import {
  issuesToTree,
  listIssuesToTree,
  schemaNodeAt,
  toIssues,
  type Words,
} from '../../shared/validation-messages.js';
import { translatorOf } from '../i18n/index.js';
import { FIELD_RULES, type FieldRuleParams } from '../../shared/field-rules.js';
import { clearHidden, type VisibilitySchema } from '../../shared/visibility.js';
import { completer } from './answer.js';
import { readRequest, type ReadMode, type ReadResult } from './request-reader.js';

export const SCHEMA_BASE = 'https://ananas.dev/schemas/';

/** A ref as routes.json writes it (facts/room.schema.json#/$defs/x) -> an absolute $id-based ref. */
export function absoluteRef(ref: string): string {
  return ref.startsWith('http') ? ref : SCHEMA_BASE + ref;
}

/** A list item's name in the words' language ("Room", "Номер"). */
function labelOf(s: JsonSchema, words: Words): string {
  const ui = s['x-ui'] as { itemLabel?: string } | undefined;
  if (ui?.itemLabel) return translated(ui.itemLabel, s['x-texts'], words.language, 'itemLabel');
  return typeof s.title === 'string' ? translated(s.title, s['x-texts'], words.language) : 'Item';
}

/** Messages in English unless a caller asks for another language. */
const ENGLISH: Words = translatorOf('en');

export interface ValidateOptions {
  /** The body is a list of the schema: errors come as "<Item> (n): ..." lines plus `rows`. */
  list?: boolean;
  /** The language of the messages (a request's Accept-Language); English when not given. */
  words?: Words;
}

const registries = new WeakMap<SchemaBundle, SchemaRegistry>();

/**
 * The registry of a bundle, one per process: it holds nothing but what it derives from the bundle
 * (validators compiled as routes first need them), so every app built on the same bundle in one
 * process (the test apps, a second node in a test) uses the validators the first compiled instead
 * of compiling them again; compiling was a fifth of a server test's CPU.
 */
export function registryOf(bundle: SchemaBundle): SchemaRegistry {
  let registry = registries.get(bundle);
  if (!registry) {
    registry = new SchemaRegistry(bundle);
    registries.set(bundle, registry);
  }
  return registry;
}

/**
 * The server's view of the schema bundle: compiled validators (lazily, cached), ref-free
 * schemas for the visibility rule, and messages in the shared DRF shape.
 */
export class SchemaRegistry {
  readonly #ajv: Ajv2020;
  readonly #byId = new Map<string, JsonSchema>();
  readonly #validators = new Map<string, ValidateFunction>();
  readonly #resolved = new Map<string, JsonSchema>();
  #defaulting?: Ajv2020;
  readonly #caseInsensitive: Set<string>;
  /** category -> value -> the value it is stored as (option lists' `mapsTo`). */
  readonly #aliases = new Map<string, Map<string, string | number>>();

  constructor(readonly bundle: SchemaBundle) {
    this.#ajv = createAjv({ verbose: true });
    for (const schema of bundle.schemas) {
      this.#ajv.addSchema(schema);
      this.#byId.set(schema.$id as string, schema);
    }
    this.#caseInsensitive = new Set(bundle.options.filter((o) => o.caseInsensitive).map((o) => o.category));
    for (const list of bundle.options) {
      const mapped = list.options
        .filter((o) => o.mapsTo !== undefined)
        .map((o) => [String(o.value), o.mapsTo!] as const);
      if (mapped.length) this.#aliases.set(list.category, new Map(mapped));
    }
  }

  validator(ref: string): ValidateFunction {
    const id = absoluteRef(ref);
    let v = this.#validators.get(id);
    if (!v) {
      v = this.#ajv.getSchema(id);
      if (!v) throw new Error(`no schema ${id}`);
      this.#validators.set(id, v);
    }
    return v;
  }

  /**
   * Form routes (multipart, or the same fields as JSON) and query strings: the schema's defaults
   * fill absent fields (a copy of the data is changed in place). No type coercion: readRequest
   * did that, reading only unambiguous text (ajv's coercion reads `0x1` or `1e0` as 1).
   */
  defaultsValidator(ref: string): ValidateFunction {
    const id = absoluteRef(ref);
    const key = `${id}#defaults`;
    let v = this.#validators.get(key);
    if (!v) {
      if (!this.#defaulting) {
        this.#defaulting = createAjv({ verbose: true, useDefaults: true });
        for (const schema of this.bundle.schemas) this.#defaulting.addSchema(schema);
      }
      v = this.#defaulting.getSchema(id);
      if (!v) throw new Error(`no schema ${id}`);
      this.#validators.set(key, v);
    }
    return v;
  }

  /**
   * A request body read as DRF reads it (request-reader.ts): unknown keys dropped (and listed),
   * scalar strings coerced, option spellings matched. `list`: the body is a list of the schema.
   */
  readRequest(ref: string, value: unknown, mode: ReadMode, list = false): ReadResult {
    return readRequest(
      this.resolved(ref),
      value,
      mode,
      { caseInsensitive: (c) => this.#caseInsensitive.has(c), alias: (c, v) => this.#aliases.get(c)?.get(v) },
      list,
    );
  }

  /** An answer completed to its schema (answer.ts): every field, in schema order. */
  complete<T>(ref: string, value: T, list = false): T {
    const fn = completer(this.resolved(ref));
    return (list && Array.isArray(value) ? value.map(fn) : fn(value)) as T;
  }

  /** The same for answers kept as JSON text (stored documents). */
  completeJson(ref: string, text: string, list = false): string {
    return JSON.stringify(this.complete(ref, JSON.parse(text) as unknown, list));
  }

  /** A validator for "publish" rules: the schema together with its $defs.publish. */
  publishValidator(ref: string): ValidateFunction {
    const id = absoluteRef(ref);
    const key = `${id}#publish`;
    let v = this.#validators.get(key);
    if (!v) {
      const root = this.#byId.get(id.split('#')[0]!);
      const hasPublish = !!(root?.$defs as JsonSchema | undefined)?.publish;
      v = hasPublish
        ? this.#ajv.compile({ allOf: [{ $ref: id }, { $ref: `${id}#/$defs/publish` }] })
        : this.validator(ref);
      this.#validators.set(key, v);
    }
    return v;
  }

  /** The schema at `ref` with every $ref replaced by its target (for the visibility rule and labels). */
  resolved(ref: string): JsonSchema {
    const id = absoluteRef(ref);
    let r = this.#resolved.get(id);
    if (!r) {
      r = this.#inline(this.#lookup(id), id, 0) as JsonSchema;
      this.#resolved.set(id, r);
    }
    return r;
  }

  /** Empty the dependents of switched-off flags, as the editor does before it sends. */
  clearHidden<T>(ref: string, doc: T, list = false): T {
    const schema = this.resolved(ref) as VisibilitySchema;
    if (list && Array.isArray(doc)) return doc.map((row) => clearHidden(schema, row)) as T;
    return clearHidden(schema, doc);
  }

  /** null when valid, else the DRF-style 400 body. */
  validate(ref: string, data: unknown, options: ValidateOptions = {}): ErrorTree | null {
    return this.check(this.validator(ref), ref, data, options);
  }

  check(validate: ValidateFunction, ref: string, data: unknown, options: ValidateOptions = {}): ErrorTree | null {
    const words = options.words ?? ENGLISH;
    const root = this.resolved(ref);
    const locate = (path: string[]) => schemaNodeAt(root, path);
    if (options.list) {
      if (!Array.isArray(data)) return { non_field_errors: [words.text('validation.expected_list')] };
      const issues = data.flatMap((row, i) =>
        validate(row)
          ? []
          : toIssues(validate.errors, words, locate).map((issue) => ({ ...issue, path: [String(i), ...issue.path] })),
      );
      return issues.length ? listIssuesToTree(issues, labelOf(root, words), words) : null;
    }
    if (validate(data)) return null;
    const issues = toIssues(validate.errors, words, locate);
    // A schema whose root is a list reports per row, like a list save.
    if (root.type === 'array' && root.items)
      return listIssuesToTree(issues, labelOf(root.items as JsonSchema, words), words);
    return issuesToTree(issues);
  }

  /**
   * Some fields of a document judged on their own (a bulk edit's values, before any property's
   * document is known): the errors at those fields and below, and the rules between two of them;
   * what the other fields would have to say (required, a rule with a field not given) is left to
   * the whole document's check. null when they pass.
   */
  validateFields(ref: string, fields: Record<string, unknown>, words: Words = ENGLISH): ErrorTree | null {
    const validate = this.validator(ref);
    if (validate(fields)) return null;
    // The first segment of the JSON pointer names the field (~1 is "/", ~0 is "~").
    const given = (path: string) =>
      Object.hasOwn(fields, (path.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~'));
    const errors = (validate.errors ?? []).filter((e) =>
      e.instancePath === ''
        ? e.keyword === FIELD_RULES && fieldRulesOfError(e).every((name) => Object.hasOwn(fields, name))
        : given(e.instancePath),
    );
    const root = this.resolved(ref);
    return errors.length ? issuesToTree(toIssues(errors, words, (path) => schemaNodeAt(root, path))) : null;
  }

  itemLabel(ref: string, words: Words = ENGLISH): string {
    return labelOf(this.resolved(ref), words);
  }

  #lookup(id: string): JsonSchema {
    const [base, fragment = ''] = id.split('#');
    let node: unknown = this.#byId.get(base!);
    if (!node) throw new Error(`no schema ${base}`);
    for (const key of fragment.split('/').filter(Boolean)) node = (node as Record<string, unknown>)[key];
    if (!node || typeof node !== 'object') throw new Error(`no schema at ${id}`);
    return node as JsonSchema;
  }

  #inline(node: unknown, baseId: string, depth: number): unknown {
    if (depth > 20) throw new Error(`$ref cycle near ${baseId}`);
    if (Array.isArray(node)) return node.map((n) => this.#inline(n, baseId, depth));
    if (!node || typeof node !== 'object') return node;
    const obj = node as JsonSchema;
    if (typeof obj.$ref === 'string') {
      const target = new URL(obj.$ref, baseId).href;
      const { $ref: _r, ...siblings } = obj;
      const resolved = this.#inline(this.#lookup(target), target, depth + 1) as JsonSchema;
      const own = this.#inline(siblings, baseId, depth) as JsonSchema;
      // As in codegen: annotations merge key by key (a field's own x-ui.group keeps the definition's widget).
      const merged: JsonSchema = { ...resolved, ...own };
      for (const key of ['x-ui', 'x-messages']) {
        const a = resolved[key];
        const b = own[key];
        if (a && b && typeof a === 'object' && typeof b === 'object') merged[key] = { ...a, ...b };
      }
      return merged;
    }
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(obj)) {
      out[k] =
        k === 'enum' || k === 'const' || k === 'default' || k.startsWith('x-') ? v : this.#inline(v, baseId, depth);
    }
    return out;
  }
}

/** The two fields an `x-rules` error compares. */
function fieldRulesOfError(e: { params: unknown }): string[] {
  const { field, lte } = e.params as FieldRuleParams;
  return [field, lte];
}
