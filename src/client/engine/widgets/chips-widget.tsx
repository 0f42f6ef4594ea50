import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import type { WidgetProps } from '@rjsf/utils';
import type { EnumOption } from '../form/field-slot';

/** Drawn like the outlined field it turns into: label on the border, the choices as chips. */
const Display = styled('div')(({ theme }) => ({
  position: 'relative',
  minHeight: 40,
  padding: theme.spacing(0.75, 4, 0.75, 1),
  border: `1px solid ${theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.23)' : 'rgba(0,0,0,0.23)'}`,
  borderRadius: theme.shape.borderRadius,
  display: 'flex',
  flexWrap: 'wrap',
  gap: 4,
  alignItems: 'center',
  cursor: 'text',
  '&:hover': { borderColor: theme.palette.text.primary },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -1 },
  '&[aria-invalid=true]': { borderColor: theme.palette.error.main },
  '&[aria-disabled=true]': { cursor: 'default' },
  '& .legend': {
    position: 'absolute',
    top: -9,
    left: 8,
    padding: '0 4px',
    fontSize: '0.75rem',
    lineHeight: '16px',
    color: theme.palette.text.secondary,
    background: theme.palette.background.paper,
    maxWidth: 'calc(100% - 16px)',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .chip': {
    ...theme.typography.body2,
    padding: '2px 8px',
    borderRadius: 12,
    background: theme.palette.action.selected,
  },
  '& .arrow': {
    position: 'absolute',
    right: 10,
    top: '50%',
    transform: 'translateY(-50%)',
    color: theme.palette.action.active,
    fontSize: 12,
  },
}));

function labelsOf(props: WidgetProps) {
  const choices = (props.options.enumOptions ?? []) as EnumOption[];
  return { choices, labelOf: (v: unknown) => choices.find((c) => c.value === v)?.label ?? String(v) };
}

/**
 * Several choices from an option list, as chips. Until it is first used it is drawn as plain
 * markup (a tab has dozens of these); a click or focus turns it into the MUI Autocomplete, open.
 */
export function ChipsWidget(props: WidgetProps) {
  const [active, setActive] = useState(false);
  const { id, label, value, readonly, disabled, rawErrors = [], required } = props;
  const { labelOf } = labelsOf(props);
  const selected = Array.isArray(value) ? value : [];
  if (active && !readonly && !disabled) return <ChipsAutocomplete {...props} />;
  const activate = () => !readonly && !disabled && setActive(true);
  return (
    <Display
      id={id}
      role="combobox"
      tabIndex={0}
      aria-label={label}
      aria-expanded={false}
      aria-invalid={rawErrors.length > 0}
      aria-disabled={readonly || disabled || undefined}
      aria-required={required || undefined}
      onClick={activate}
      onFocus={activate}
      data-chips
    >
      <span className="legend" aria-hidden>
        {label}
        {required ? ' *' : ''}
      </span>
      {selected.map((v) => (
        <span key={String(v)} className="chip" role="button" aria-label={labelOf(v)}>
          {labelOf(v)}
        </span>
      ))}
      <span className="arrow" aria-hidden>
        ▼
      </span>
    </Display>
  );
}

function ChipsAutocomplete(props: WidgetProps) {
  const { id, label, value, onChange, onBlur, rawErrors = [], required } = props;
  const { choices, labelOf } = labelsOf(props);
  const selected = Array.isArray(value) ? value : [];
  return (
    <Autocomplete
      id={id}
      multiple
      size="small"
      disableCloseOnSelect
      openOnFocus
      options={choices.map((c) => c.value)}
      value={selected}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => a === b}
      onChange={(_e, next) => onChange(next)}
      onBlur={() => onBlur(id, value)}
      renderValue={(items, getItemProps) =>
        items.map((item, index) => {
          const { key, ...chipProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={labelOf(item)} {...chipProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={rawErrors.length > 0}
          autoFocus
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}
