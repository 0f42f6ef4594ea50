import type { WidgetProps } from '@rjsf/utils';
import type { EnumOption } from '../form/field-slot';
import { useBoundInput, type ValueBinding } from './bound-input';
import { toNumber, toText } from './text-widgets';

/**
 * Plain inputs for the cells of dense tables (sports, partner-hotel facilities): a hundred rows
 * of them draw in a fraction of what as many text fields take.
 */
function Labelled({ props, children }: { props: WidgetProps; children: React.ReactNode }) {
  if (props.hideLabel) return <>{children}</>;
  return (
    <label htmlFor={props.id} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}>
      <span>{props.label}</span>
      {children}
    </label>
  );
}

const aria = (props: WidgetProps) => ({
  id: props.id,
  'aria-label': props.hideLabel ? props.label : undefined,
  'aria-invalid': (props.rawErrors?.length ?? 0) > 0 || undefined,
  'aria-describedby': props.rawErrors?.length ? `${props.id}__error` : undefined,
  disabled: props.disabled || props.readonly,
  onBlur: () => props.onBlur(props.id, props.value),
});

export function CompactYesNoWidget(props: WidgetProps) {
  return (
    <Labelled props={props}>
      <input
        type="checkbox"
        {...aria(props)}
        checked={props.value === true}
        onChange={(e) => props.onChange(e.target.checked)}
      />
    </Labelled>
  );
}

export function CompactSelectWidget(props: WidgetProps) {
  const choices = (props.options.enumOptions ?? []) as EnumOption[];
  const index = choices.findIndex((c) => c.value === props.value);
  return (
    <Labelled props={props}>
      <select
        {...aria(props)}
        value={index < 0 ? '' : String(index)}
        onChange={(e) => props.onChange(e.target.value === '' ? null : choices[Number(e.target.value)]?.value)}
      >
        <option value="">—</option>
        {choices.map((c, i) => (
          <option key={String(c.value)} value={String(i)}>
            {c.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

function isNumeric(props: WidgetProps): boolean {
  const types = Array.isArray(props.schema.type) ? props.schema.type : [props.schema.type];
  return types.includes('number') || types.includes('integer');
}

export function CompactTextWidget(props: WidgetProps) {
  const numeric = isNumeric(props);
  const parse = numeric ? toNumber : toText;
  const { ref, defaultValue } = useBoundInput<HTMLInputElement>(props.binding as ValueBinding, parse);
  return (
    <Labelled props={props}>
      <input
        type="text"
        inputMode={numeric ? 'decimal' : undefined}
        {...aria(props)}
        ref={ref}
        defaultValue={defaultValue}
        onChange={(e) => props.onChange(parse(e.target.value))}
      />
    </Labelled>
  );
}

function typed(type: 'time' | 'date') {
  return function CompactTypedWidget(props: WidgetProps) {
    return (
      <Labelled props={props}>
        <input
          type={type}
          {...aria(props)}
          value={typeof props.value === 'string' ? props.value : ''}
          onChange={(e) => props.onChange(e.target.value || null)}
        />
      </Labelled>
    );
  };
}

export const CompactTimeWidget = typed('time');
export const CompactDateWidget = typed('date');
