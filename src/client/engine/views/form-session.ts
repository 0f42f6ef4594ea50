import type { ClientSchema, SectionDefinition } from '../../../shared/section-types';
import { ApiFailure, errorMessages } from '../../api/errors';
import { withDefaults } from '../core/defaults';
import { FormStore, type Doc } from '../core/form-store';
import { pathKey } from '../core/paths';
import { serverProblems } from '../core/server-errors';
import { summaryWords } from '../../../shared/validation-messages';
import { boundFields, fixFieldsLine, fromWire, prepareForSave, toWire, validateForSave } from '../core/validate';

/**
 * Settings schemas rarely allow null, while an emptied input gives null: an emptied text is the
 * empty text; an emptied value of any other kind (a country, an e-mail, a date, a number), and
 * empty text where a format is expected, is no value at all.
 */
export function settleEmpty(schema: ClientSchema, doc: Doc): Doc {
  const out: Doc = {};
  for (const [name, value] of Object.entries(doc)) {
    const field = schema.properties?.[name];
    const types = field?.type === undefined ? [] : ([] as string[]).concat(field.type);
    const formatted = field?.format !== undefined;
    if (value === '' && formatted) continue;
    if (value !== null || !field || types.includes('null') || types.length === 0) out[name] = value;
    else if (types.includes('string') && !formatted) out[name] = '';
  }
  return out;
}

/**
 * One settings form's values and errors: starts from the server's (wire) document with the
 * schema's defaults, checks with the precompiled validator (on blur and before sending), builds
 * the wire body, and puts a refused call's messages at their fields.
 */
export class FormSession<W = unknown> {
  readonly store: FormStore;

  constructor(
    readonly def: SectionDefinition<unknown, W>,
    wire?: unknown,
  ) {
    this.store = new FormStore(this.fromServer(wire));
  }

  private fromServer(wire: unknown): Doc {
    const doc = wire && typeof wire === 'object' ? fromWire(this.def, wire) : {};
    return withDefaults(this.def.schema, doc);
  }

  /** Blur: the field's own messages (and those of the fields a rule binds to it), from the whole document's validation. */
  validateField = (key: string): void => {
    const problems = validateForSave(this.def, settleEmpty(this.def.schema, this.store.get()));
    for (const k of boundFields(this.def.schema, key)) this.store.setErrorsAt(k, problems.fields.get(k) ?? []);
  };

  /**
   * The wire body to send, or undefined when the client's checks found problems (then shown at
   * their fields and above the form). `only`: the client names sent (a page of one group);
   * problems elsewhere are not this page's to fix (so a page of one group is for forms whose
   * fields are all optional). Typed as the definition's wire type: it passed the definition's
   * own precompiled validator, the one the server validates with.
   */
  body(only?: readonly string[]): W | undefined {
    const doc = settleEmpty(this.def.schema, this.store.get());
    const issues = validateForSave(this.def, doc).issues.filter((i) => !only || only.includes(String(i.path[0])));
    if (issues.length) {
      const fields = new Map<string, string[]>();
      for (const issue of issues)
        fields.set(pathKey(issue.path), [...(fields.get(pathKey(issue.path)) ?? []), issue.message]);
      this.store.setErrors(fields, [fixFieldsLine(), ...issues.map(summaryWords)]);
      return undefined;
    }
    const prepared = prepareForSave(this.def.schema, doc);
    const sent = only ? Object.fromEntries(Object.entries(prepared).filter(([k]) => only.includes(k))) : prepared;
    return toWire(this.def, sent) as W;
  }

  /**
   * A refused call: a 400's messages at their fields and above the form; anything else above it
   * in its own words. A conflict (409) may name the field at fault beside them (a code already
   * used elsewhere): that field is marked too, where the user typed.
   */
  failed(error: unknown): void {
    if (error instanceof ApiFailure && error.status === 400) {
      const problems = serverProblems(this.def, error.body);
      this.store.setErrors(problems.fields, problems.lines);
      return;
    }
    const fields =
      error instanceof ApiFailure && error.status === 409
        ? serverProblems(this.def, error.body).fields
        : new Map<string, string[]>();
    this.store.setErrors(fields, errorMessages(error));
  }

  /** The server's answer becomes the form's values (and what counts as saved); errors go. */
  saved(wire: unknown): void {
    this.store.replace(this.fromServer(wire));
    this.store.clearErrors();
  }

  /** Back to the given document, as if just loaded (a new row, a cancelled edit). */
  reset(wire?: unknown): void {
    this.saved(wire);
  }
}
