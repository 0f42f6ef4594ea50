import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { useBoundInput, type ValueBinding } from './bound-input';

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Text that becomes a number once it reads as one ("12." stays text while it is typed); text
 * that never does is kept, and the validator names it ("Must be a number.").
 */
export function toNumber(text: unknown): unknown {
  if (text === null || text === undefined) return null;
  const s = String(text).trim().replace(',', '.');
  if (s === '') return null;
  return NUMBER.test(s) ? Number(s) : String(text);
}

export const toText = (text: string): string | null => (text === '' ? null : text);

interface BoundProps {
  props: WidgetProps;
  type: string;
  parse: (text: string) => unknown;
  multiline?: boolean;
  inputMode?: 'decimal' | 'tel' | 'email';
}

/** The MUI text field of the theme, uncontrolled: typing re-renders nothing (see useBoundInput). */
function BoundTextField({ props, type, parse, multiline, inputMode }: BoundProps) {
  const { id, label, required, readonly, disabled, rawErrors = [], placeholder, onChange, onBlur } = props;
  const { ref, defaultValue } = useBoundInput<HTMLInputElement>(props.binding as ValueBinding, parse);
  return (
    <TextField
      id={id}
      name={id}
      type={type}
      size="small"
      fullWidth
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      label={label}
      required={required}
      disabled={disabled || readonly}
      placeholder={placeholder || undefined}
      error={rawErrors.length > 0}
      defaultValue={defaultValue}
      inputRef={ref}
      onChange={(e) => onChange(parse(e.target.value))}
      onBlur={() => onBlur(id, null)}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode, 'aria-describedby': rawErrors.length ? `${id}__error` : undefined },
      }}
    />
  );
}

export const TextWidget = (props: WidgetProps) => <BoundTextField props={props} type="text" parse={toText} />;
export const EmailWidget = (props: WidgetProps) => (
  <BoundTextField props={props} type="email" parse={toText} inputMode="email" />
);
export const PhoneWidget = (props: WidgetProps) => (
  <BoundTextField props={props} type="tel" parse={toText} inputMode="tel" />
);
export const TextareaWidget = (props: WidgetProps) => (
  <BoundTextField props={props} type="text" parse={toText} multiline />
);
export const NumberWidget = (props: WidgetProps) => (
  <BoundTextField props={props} type="text" parse={toNumber} inputMode="decimal" />
);

/** Time and date keep the theme's input template (native pickers; a change is one event). */
function Base(props: WidgetProps & { type: string }) {
  const Template = props.registry.templates.BaseInputTemplate;
  return <Template size="small" fullWidth {...props} />;
}

export const TimeWidget = (props: WidgetProps) => <Base {...props} type="time" />;
export const DateWidget = (props: WidgetProps) => <Base {...props} type="date" />;
