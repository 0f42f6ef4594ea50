import type { ComponentType } from 'react';
import type { BaseInputTemplateProps, WidgetProps } from '@rjsf/utils';

/** The MUI theme's input template (a TextField), which every text-like widget draws with. */
function Base(props: WidgetProps & { type: string; [extra: string]: unknown }) {
  const Template = props.registry.templates.BaseInputTemplate as ComponentType<BaseInputTemplateProps>;
  return <Template size="small" fullWidth {...props} />;
}

export function TextWidget(props: WidgetProps) {
  return <Base {...props} type="text" />;
}

export function EmailWidget(props: WidgetProps) {
  return <Base {...props} type="email" />;
}

export function PhoneWidget(props: WidgetProps) {
  return <Base {...props} type="tel" />;
}

export function TimeWidget(props: WidgetProps) {
  return <Base {...props} type="time" />;
}

export function DateWidget(props: WidgetProps) {
  return <Base {...props} type="date" />;
}

export function TextareaWidget(props: WidgetProps) {
  return <Base {...props} type="text" multiline minRows={3} />;
}

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

export function NumberWidget(props: WidgetProps) {
  const { onChange } = props;
  return <Base {...props} type="text" slotProps={{ htmlInput: { inputMode: 'decimal' } }} onChange={(v: unknown) => onChange(toNumber(v))} />;
}
