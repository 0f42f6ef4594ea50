import type { ClientSchema } from '../../../shared/section-types';

/** Every widget the engine renders; each is a key of the widget registry. */
export type WidgetKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'phone'
  | 'number'
  | 'yesno'
  | 'select'
  | 'charges'
  | 'chips'
  | 'time'
  | 'date'
  | 'currency'
  | 'rating'
  | 'hidden'
  // Settings forms: a password, a colour swatch, a country (one, or several for a list).
  | 'password'
  | 'color'
  | 'country'
  // An uploaded file named by its id (a certificate's document): upload, open, remove.
  | 'document';

const EXPLICIT: Record<string, WidgetKind> = {
  text: 'text',
  textarea: 'textarea',
  email: 'email',
  phone: 'phone',
  url: 'text',
  number: 'number',
  integer: 'number',
  yesno: 'yesno',
  checkbox: 'yesno',
  switch: 'yesno',
  select: 'select',
  radio: 'select',
  chips: 'chips',
  time: 'time',
  date: 'date',
  datetime: 'text',
  currency: 'currency',
  rating: 'rating',
  hidden: 'hidden',
  country: 'country',
  password: 'password',
  color: 'color',
  document: 'document',
};

export function typesOf(schema: ClientSchema): string[] {
  return schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** A charges choice (Inclusive / Additional Charge...): few options, shown as buttons. */
function isCharges(schema: ClientSchema, category: string | undefined): boolean {
  const values = (schema.enum ?? []).filter((v) => v !== null);
  return !!category && /charges$/i.test(category) && values.length > 0 && values.length <= 3;
}

/**
 * The widget of a field: the one its x-ui names, else the one its shape implies (a `$ref` to a
 * shared definition loses that definition's x-ui when the field has its own, so the shape decides:
 * boolean -> yes/no, format time/date/currency, a list of choices -> chips, a choice -> select).
 */
export function widgetKind(
  schema: ClientSchema,
  explicit: string | undefined,
  category: string | undefined,
): WidgetKind {
  if (explicit && EXPLICIT[explicit]) return EXPLICIT[explicit];
  const types = typesOf(schema);
  if (types.includes('array')) return 'chips';
  if (types.includes('boolean')) return 'yesno';
  if (Array.isArray(schema.enum)) return isCharges(schema, category) ? 'charges' : 'select';
  if (schema.format === 'time') return 'time';
  if (schema.format === 'date') return 'date';
  if (schema.format === 'currency') return 'currency';
  if (schema.format === 'email') return 'email';
  if (types.includes('number') || types.includes('integer')) return 'number';
  return 'text';
}
