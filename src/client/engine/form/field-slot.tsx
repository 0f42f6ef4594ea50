import { memo, useCallback, useContext, useMemo, type ComponentType } from 'react';
import { getIn } from '../core/paths';
import type { ValueBinding } from '../widgets/bound-input';
import type { WidgetProps } from '@rjsf/utils';
import type { FieldNode } from '../core/layout';
import type { OptionLabels } from '../data/options';
import { LabelsContext, useEngine, useRegistry } from './engine-context';
import { useFieldErrors, useStoreValue, useVisible } from './hooks';
import { useT } from '../../i18n';

export interface EnumOption {
  value: unknown;
  label: string;
}

/**
 * The choices of a field: values from the schema's enum, words from the option list. A value the
 * option list does not offer (kept only for the spec's clients) is left out, unless it is the
 * one stored now: it still shows, and can be changed.
 */
export function enumOptionsOf(node: FieldNode, labels: OptionLabels, current?: unknown): EnumOption[] {
  const values = (node.schema.enum ?? node.schema.items?.enum ?? []).filter((v) => v !== null);
  const words = node.category ? labels.get(node.category) : undefined;
  const chosen = new Set((Array.isArray(current) ? current : [current]).map(String));
  const offered = words ? values.filter((v) => words.has(String(v)) || chosen.has(String(v))) : values;
  return offered.map((value) => ({ value, label: words?.get(String(value)) ?? String(value) }));
}

const noop = () => undefined;

/** Table cells use light controls: the compact twin of a widget. */
const COMPACT: Partial<Record<FieldNode['widget'], string>> = {
  yesno: 'compactYesno',
  select: 'compactSelect',
  charges: 'compactSelect',
  rating: 'compactSelect',
  number: 'compactText',
  text: 'compactText',
  time: 'compactTime',
  date: 'compactDate',
  phone: 'compactText',
  email: 'compactText',
};

/** Widgets that hold what is typed in the DOM (useBoundInput): the field does not re-render per keystroke. */
const UNCONTROLLED = new Set(['text', 'textarea', 'email', 'phone', 'number', 'compactText']);

export interface FieldBodyProps {
  node: FieldNode;
  compact?: boolean;
  /** The label shown (defaults to the field's title); the accessible name stays the title. */
  label?: string;
  hideLabel?: boolean;
}

/**
 * One field: its value, errors and option words, each read from the store by itself, and the
 * widget the registry holds for its kind, inside the engine's field template.
 */
export function FieldBody({ node, compact, label, hideLabel }: FieldBodyProps) {
  const { store, readOnly, idPrefix, onBlurField } = useEngine();
  const registry = useRegistry();
  const labels = useContext(LabelsContext);
  const t = useT();
  const kind = (compact && COMPACT[node.widget]) || node.widget;
  const uncontrolled = UNCONTROLLED.has(kind);
  const binding = useMemo<ValueBinding>(
    () => ({
      read: () => getIn(store.get(), node.path),
      subscribe: (l) => store.subscribeKeys([String(node.path[0])], l),
    }),
    [store, node.path],
  );
  const value = useFieldValue(store, node, uncontrolled, binding);
  // In the language on screen already: the engine's checks and the server's answers are written in it.
  const errors = useFieldErrors(store, node.key);
  const onChange = useCallback((v: unknown) => store.set(node.path, v === undefined ? null : v), [store, node.path]);
  const onBlur = useCallback(() => onBlurField(node.key), [onBlurField, node.key]);
  // Only a choice's value decides its options (a stored value the list no longer offers).
  const current = node.category ? value : undefined;
  const options = useMemo(
    () => ({
      emptyValue: null,
      enumOptions: enumOptionsOf(node, labels, current) as WidgetProps['options']['enumOptions'],
      category: node.category,
      // The name a shorter shown label stands for (widgets/field-label.tsx). An option, not a prop:
      // some widgets hand their props on to the DOM.
      accessibleLabel: label !== undefined && label !== node.title ? node.title : undefined,
    }),
    [node, labels, current, label],
  );
  const Widget = registry.widgets[kind] as ComponentType<WidgetProps>;
  const Template = registry.templates.EngineFieldTemplate as ComponentType<FieldTemplateLiteProps>;
  const id = `${idPrefix}_${node.key}`;
  return (
    <Template
      id={id}
      errors={errors}
      // Said under every field the publish rules need, so nobody learns it from a refused publish.
      help={
        node.publishRequired && !readOnly
          ? [node.help, t('engine.publish_required')].filter(Boolean).join(' ')
          : node.help
      }
      compact={compact}
    >
      <Widget
        id={id}
        name={node.key}
        value={value ?? null}
        label={label ?? node.title}
        hideLabel={hideLabel}
        schema={node.schema as WidgetProps['schema']}
        uiSchema={{}}
        options={options}
        required={node.required}
        readonly={readOnly || node.readOnly}
        disabled={false}
        rawErrors={errors as string[]}
        placeholder={node.placeholder ?? ''}
        registry={registry}
        onChange={onChange}
        onBlur={onBlur}
        onFocus={noop}
        binding={binding}
      />
    </Template>
  );
}

/** A controlled widget follows the value; an uncontrolled one reads it once and is bound to it. */
function useFieldValue(store: FieldBodyStore, node: FieldNode, uncontrolled: boolean, binding: ValueBinding): unknown {
  const followed = useStoreValue(store, uncontrolled ? NO_PATH : node.path);
  return uncontrolled ? binding.read() : followed;
}

type FieldBodyStore = Parameters<typeof useStoreValue>[0];
const NO_PATH = ['\u0000'] as const;

export interface FieldTemplateLiteProps {
  id: string;
  errors: readonly string[];
  help?: string;
  compact?: boolean;
  children: React.ReactNode;
}

/** A field that is there only while its conditions hold (x-ui.visibleIf, its group's). */
export const FieldSlot = memo(function FieldSlot(props: FieldBodyProps) {
  const { store } = useEngine();
  const visible = useVisible(store, props.node.conditions);
  return visible ? <FieldBody {...props} /> : null;
});
