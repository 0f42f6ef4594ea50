import type { NameMap } from '../../../shared/case';
import type { ClientSchema, FormDefinition, SectionDefinition, UiSchema } from '../../../shared/section-types';

/** A value a field may take, with its words (choices the server knows at run time: properties, users). */
export interface Choice {
  value: string | number;
  label: string;
}

export interface FormView {
  /** Show only the fields of these x-ui groups (a page showing one group of a larger document). */
  groups?: readonly string[];
  /** Client names of fields not shown (set by the page some other way, e.g. a logo picker). */
  hide?: readonly string[];
  /** Client names of fields shown read-only. */
  readOnly?: readonly string[];
  /** Client name -> its choices; the field becomes a select (or chips for a list). */
  choices?: Readonly<Record<string, readonly Choice[]>>;
}

/** The option category that carries a field's run-time choices (see choiceLabels). */
export const choiceCategory = (field: string): string => `choices:${field}`;

type UiGroup = { key: string };

function groupOf(ui: UiSchema | undefined): string | undefined {
  const options = ui?.['ui:options'] as { group?: string } | undefined;
  return options?.group;
}

function withChoices(schema: ClientSchema, values: (string | number)[]): ClientSchema {
  if (schema.items) return { ...schema, items: { ...schema.items, enum: values } };
  const nullable = Array.isArray(schema.type) && schema.type.includes('null');
  return { ...schema, enum: nullable ? [...values, null] : values };
}

/**
 * A settings form (x-form) as the engine's SectionForm takes it: the generated client schema,
 * uiSchema and precompiled validator, with the wire names of `names`, narrowed to what one page
 * shows. The definition is new on every call: build it once per form and view (useMemo).
 */
export function asSection<T, W>(
  form: FormDefinition<T, W>,
  names: NameMap,
  view: FormView = {},
): SectionDefinition<T, W> {
  const props: Record<string, ClientSchema> = { ...(form.schema.properties ?? {}) };
  const ui: UiSchema = { ...form.uiSchema };
  const patchUi = (field: string, patch: UiSchema) => {
    ui[field] = { ...((ui[field] as UiSchema | undefined) ?? {}), ...patch };
  };
  for (const field of Object.keys(props)) {
    const shownGroup = !view.groups || view.groups.includes(groupOf(ui[field] as UiSchema | undefined) ?? '');
    if (!shownGroup || view.hide?.includes(field)) patchUi(field, { 'ui:widget': 'hidden' });
    if (view.readOnly?.includes(field)) patchUi(field, { 'ui:readonly': true });
  }
  for (const [field, choices] of Object.entries(view.choices ?? {})) {
    const schema = props[field];
    if (!schema) continue;
    props[field] = withChoices(
      schema,
      choices.map((c) => c.value),
    );
    const current = (ui[field] as UiSchema | undefined) ?? {};
    const options = {
      ...((current['ui:options'] as Record<string, unknown> | undefined) ?? {}),
      optionsCategory: choiceCategory(field),
    };
    const widget = schema.type === 'array' ? 'chips' : 'select';
    patchUi(field, { 'ui:widget': widget, 'ui:options': options });
  }
  if (view.groups) {
    const rootOptions = (ui['ui:options'] as { groups?: UiGroup[] } | undefined) ?? {};
    ui['ui:options'] = {
      ...rootOptions,
      groups: (rootOptions.groups ?? []).filter((g) => view.groups!.includes(g.key)),
    };
  }
  return {
    key: form.key,
    title: form.title,
    typeName: form.typeName,
    schema: { ...form.schema, properties: props },
    uiSchema: ui,
    names,
    validateSave: form.validateSave,
    validatePublish: form.validateSave,
  };
}

/** The words of run-time choices, by the categories asSection gave their fields. */
export function choiceLabels(
  choices: Readonly<Record<string, readonly Choice[]>>,
): Map<string, ReadonlyMap<string, string>> {
  return new Map(
    Object.entries(choices).map(([field, list]) => [
      choiceCategory(field),
      new Map(list.map((c) => [String(c.value), c.label])),
    ]),
  );
}

/** Client names of the fields in some x-ui groups (what a page showing those groups sends). */
export function groupFields(form: FormDefinition, groups: readonly string[]): string[] {
  return Object.keys(form.schema.properties ?? {}).filter((name) =>
    groups.includes(groupOf(form.uiSchema[name] as UiSchema | undefined) ?? ''),
  );
}
