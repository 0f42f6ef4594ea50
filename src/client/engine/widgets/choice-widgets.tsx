import { useMemo } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import type { WidgetProps } from '@rjsf/utils';
import type { EnumOption } from '../form/field-slot';
import { useT } from '../../i18n';
import { fieldLabel } from './field-label';
import { SearchSelectWidget } from './search-select';

const optionsOf = (props: WidgetProps) => (props.options.enumOptions ?? []) as EnumOption[];

/**
 * Segmented buttons drawn like MUI's small toggle buttons, from one styled element: a tab holds
 * dozens of yes/no questions, and six MUI components each would cost more than the rest of it.
 */
const Segmented = styled('fieldset')(({ theme }) => ({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
  '& legend': {
    ...theme.typography.body2,
    fontSize: '0.8rem',
    color: theme.palette.text.secondary,
    padding: 0,
    marginBottom: 4,
  },
  '&[data-invalid=true] legend': { color: theme.palette.error.main },
  '& .choices': { display: 'inline-flex', flexWrap: 'wrap' },
  '& button': {
    ...theme.typography.body2,
    padding: '3px 10px',
    border: `1px solid ${theme.palette.divider}`,
    marginLeft: -1,
    background: 'transparent',
    color: theme.palette.text.secondary,
    cursor: 'pointer',
    '&:first-of-type': {
      marginLeft: 0,
      borderRadius: `${theme.shape.borderRadius}px 0 0 ${theme.shape.borderRadius}px`,
    },
    '&:last-of-type': { borderRadius: `0 ${theme.shape.borderRadius}px ${theme.shape.borderRadius}px 0` },
    '&:hover': { background: theme.palette.action.hover },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2, position: 'relative' },
    '&[aria-pressed=true]': {
      color: theme.palette.primary.main,
      background: theme.palette.action.selected,
      borderColor: theme.palette.primary.main,
      position: 'relative',
    },
    '&:disabled': { cursor: 'default', color: theme.palette.text.disabled },
    '&[aria-pressed=true]:disabled': { color: theme.palette.text.secondary },
  },
}));

/** Buttons for a few choices; pressing the chosen one again clears it (null). */
function Buttons({
  props,
  choices,
}: {
  props: WidgetProps;
  choices: { key: string; value: unknown; label: string }[];
}) {
  const { id, label, value, onChange, onBlur, readonly, disabled, rawErrors = [], required } = props;
  const off = disabled || readonly;
  return (
    <Segmented
      id={id}
      data-invalid={rawErrors.length > 0}
      aria-describedby={rawErrors.length ? `${id}__error` : undefined}
    >
      <legend>
        {label}
        {required && <span aria-hidden> *</span>}
      </legend>
      <div className="choices">
        {choices.map((c) => (
          <button
            key={c.key}
            type="button"
            aria-pressed={c.value === value}
            disabled={off}
            onClick={() => {
              onChange(c.value === value ? null : c.value);
              onBlur(id, null);
            }}
          >
            {c.label}
          </button>
        ))}
      </div>
    </Segmented>
  );
}

/** Yes / No for a flag that may also be unanswered (null). */
export function YesNoWidget(props: WidgetProps) {
  const t = useT();
  const choices = useMemo(
    () => [
      { key: 'yes', value: true, label: t('engine.yes') },
      { key: 'no', value: false, label: t('engine.no') },
    ],
    [t],
  );
  return <Buttons props={props} choices={choices} />;
}

/** Charges (Inclusive / Additional Charge...) as buttons. */
export function ChargesWidget(props: WidgetProps) {
  return (
    <Buttons
      props={props}
      choices={optionsOf(props).map((o, i) => ({ key: String(i), value: o.value, label: o.label }))}
    />
  );
}

/**
 * Option lists longer than this are searched by typing instead of scrolled (the rule for every
 * single-choice field of every form the engine draws, not a per-field setting): a menu of up to
 * 15 entries fits a screen, a longer one does not.
 */
export const SEARCH_ABOVE = 15;

/** One choice from an option list: a menu, or a field to search when the list is long. */
export function SelectWidget(props: WidgetProps) {
  return optionsOf(props).length > SEARCH_ABOVE ? <SearchSelectWidget {...props} /> : <MenuSelect {...props} />;
}

/** A choice from a short list as a menu; the empty entry clears it. */
function MenuSelect(props: WidgetProps) {
  const { id, value, onChange, onBlur, readonly, disabled, rawErrors = [], required } = props;
  const choices = optionsOf(props);
  const index = choices.findIndex((c) => c.value === value);
  const t = useT();
  return (
    <TextField
      id={id}
      select
      fullWidth
      size="small"
      label={fieldLabel(props)}
      required={required}
      disabled={disabled || readonly}
      error={rawErrors.length > 0}
      value={index < 0 ? '' : String(index)}
      onChange={(e) => onChange(e.target.value === '' ? null : choices[Number(e.target.value)]?.value)}
      onBlur={() => onBlur(id, value)}
      slotProps={{ htmlInput: { 'aria-describedby': rawErrors.length ? `${id}__error` : undefined } }}
    >
      <MenuItem value="">
        <em>{t('engine.not_set')}</em>
      </MenuItem>
      {choices.map((c, i) => (
        <MenuItem key={String(c.value)} value={String(i)}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
