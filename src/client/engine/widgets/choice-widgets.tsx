import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { WidgetProps } from '@rjsf/utils';
import type { EnumOption } from '../form/field-slot';

const optionsOf = (props: WidgetProps) => (props.options.enumOptions ?? []) as EnumOption[];

/** Buttons for a few choices; pressing the chosen one again clears it (null). */
function Buttons({ props, choices }: { props: WidgetProps; choices: { key: string; value: unknown; label: string }[] }) {
  const { id, label, value, onChange, onBlur, readonly, disabled, rawErrors = [], required } = props;
  const selected = choices.find((c) => c.value === value)?.key ?? null;
  return (
    <FormControl component="fieldset" error={rawErrors.length > 0} required={required} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" id={`${id}__label`} sx={{ fontSize: '0.8rem', mb: 0.5 }}>
        {label}
      </FormLabel>
      <ToggleButtonGroup
        id={id}
        exclusive
        size="small"
        color="primary"
        value={selected}
        disabled={disabled || readonly}
        aria-labelledby={`${id}__label`}
        aria-describedby={rawErrors.length ? `${id}__error` : undefined}
        onChange={(_e, key: string | null) => {
          onChange(choices.find((c) => c.key === key)?.value ?? null);
          onBlur(id, null);
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        {choices.map((c) => (
          <ToggleButton key={c.key} value={c.key} disableRipple sx={BUTTON}>
            {c.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </FormControl>
  );
}

const BUTTON = { py: 0.25, px: 1.25, textTransform: 'none' } as const;

const YES_NO = [
  { key: 'yes', value: true, label: 'Yes' },
  { key: 'no', value: false, label: 'No' },
];

/** Yes / No for a flag that may also be unanswered (null). */
export function YesNoWidget(props: WidgetProps) {
  return <Buttons props={props} choices={YES_NO} />;
}

/** Charges (Inclusive / Additional Charge...) as buttons. */
export function ChargesWidget(props: WidgetProps) {
  return <Buttons props={props} choices={optionsOf(props).map((o, i) => ({ key: String(i), value: o.value, label: o.label }))} />;
}

/** One choice from an option list; the empty entry clears it. */
export function SelectWidget(props: WidgetProps) {
  const { id, label, value, onChange, onBlur, readonly, disabled, rawErrors = [], required } = props;
  const choices = optionsOf(props);
  const index = choices.findIndex((c) => c.value === value);
  return (
    <TextField
      id={id}
      select
      fullWidth
      size="small"
      label={label}
      required={required}
      disabled={disabled || readonly}
      error={rawErrors.length > 0}
      value={index < 0 ? '' : String(index)}
      onChange={(e) => onChange(e.target.value === '' ? null : choices[Number(e.target.value)]?.value)}
      onBlur={() => onBlur(id, value)}
      slotProps={{ htmlInput: { 'aria-describedby': rawErrors.length ? `${id}__error` : undefined } }}
    >
      <MenuItem value="">
        <em>Not set</em>
      </MenuItem>
      {choices.map((c, i) => (
        <MenuItem key={String(c.value)} value={String(i)}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
