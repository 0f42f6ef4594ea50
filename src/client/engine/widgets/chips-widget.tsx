import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import type { EnumOption } from '../form/field-slot';

/** Several choices from an option list, as chips; typing filters the list. */
export function ChipsWidget(props: WidgetProps) {
  const { id, label, value, onChange, onBlur, readonly, disabled, rawErrors = [], required } = props;
  const choices = (props.options.enumOptions ?? []) as EnumOption[];
  const selected = Array.isArray(value) ? value : [];
  const labelOf = (v: unknown) => choices.find((c) => c.value === v)?.label ?? String(v);
  return (
    <Autocomplete
      id={id}
      multiple
      size="small"
      disableCloseOnSelect
      options={choices.map((c) => c.value)}
      value={selected}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(a, b) => a === b}
      readOnly={readonly}
      disabled={disabled}
      onChange={(_e, next) => onChange(next)}
      onBlur={() => onBlur(id, value)}
      renderValue={(items, getItemProps) =>
        items.map((item, index) => {
          const { key, ...chipProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={labelOf(item)} {...chipProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} required={required} error={rawErrors.length > 0} />}
    />
  );
}
