import type { ComponentType } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { BaseInputTemplateProps, WidgetProps } from '@rjsf/utils';
import { SIDEBAR_COLORS } from '../../theme/theme';
import { COUNTRIES, countryName } from '../../reference/countries';
import type { EnumOption } from '../form/field-slot';

/** A password: never shown, and the browser's password manager knows what it is. */
export function PasswordWidget(props: WidgetProps) {
  const Template = props.registry.templates.BaseInputTemplate as ComponentType<BaseInputTemplateProps>;
  const autoComplete = /^(new|reNew)/.test(props.name) ? 'new-password' : 'current-password';
  return <Template size="small" fullWidth {...props} type="password" autoComplete={autoComplete} />;
}

/** The colour a swatch shows: a named sidebar colour, or the value itself when it is a CSS colour. */
export function swatchOf(value: unknown): string {
  const key = String(value);
  return key in SIDEBAR_COLORS ? SIDEBAR_COLORS[key as keyof typeof SIDEBAR_COLORS] : key;
}

/** One colour of a few, as swatches with their names. */
export function ColorWidget(props: WidgetProps) {
  const { id, label, value, onChange, onBlur, readonly, disabled, rawErrors = [] } = props;
  const choices = (props.options.enumOptions ?? []) as EnumOption[];
  return (
    <FormControl component="fieldset" error={rawErrors.length > 0} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" id={`${id}__label`} sx={{ fontSize: '0.8rem', mb: 0.5 }}>
        {label}
      </FormLabel>
      <ToggleButtonGroup
        id={id}
        exclusive
        size="small"
        value={choices.some((c) => c.value === value) ? String(value) : null}
        disabled={disabled || readonly}
        aria-labelledby={`${id}__label`}
        onChange={(_e, next: string | null) => {
          if (next === null) return;
          onChange(choices.find((c) => String(c.value) === next)?.value ?? null);
          onBlur(id, next);
        }}
        sx={{ flexWrap: 'wrap', gap: 0.5 }}
      >
        {choices.map((c) => (
          <ToggleButton
            key={String(c.value)}
            value={String(c.value)}
            aria-label={c.label}
            sx={{ textTransform: 'none', gap: 1, py: 0.25 }}
          >
            <Box
              component="span"
              aria-hidden
              sx={{
                width: 18,
                height: 18,
                borderRadius: '50%',
                bgcolor: swatchOf(c.value),
                border: 1,
                borderColor: 'divider',
              }}
            />
            {c.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </FormControl>
  );
}

const CODES = COUNTRIES.map((c) => c.iso2);

/** A country from the built-in list, or several when the field is a list. */
export function CountryWidget(props: WidgetProps) {
  const { id, label, value, onChange, onBlur, readonly, disabled, rawErrors = [], required, placeholder } = props;
  const many = props.schema.type === 'array';
  const input = (params: object) => (
    <TextField {...params} label={label} required={required} error={rawErrors.length > 0} placeholder={placeholder} />
  );
  const common = {
    id,
    size: 'small' as const,
    options: CODES,
    getOptionLabel: countryName,
    readOnly: readonly,
    disabled,
    autoHighlight: true,
    onBlur: () => onBlur(id, value),
    renderInput: input,
  };
  if (many) {
    return (
      <Autocomplete
        {...common}
        multiple
        disableCloseOnSelect
        value={Array.isArray(value) ? (value as string[]) : []}
        onChange={(_e, next) => onChange(next)}
      />
    );
  }
  return (
    <Autocomplete
      {...common}
      value={typeof value === 'string' && value ? value : null}
      onChange={(_e, next) => onChange(next)}
    />
  );
}
