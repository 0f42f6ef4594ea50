import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import type { EnumOption } from '../form/field-slot';
import { fieldLabel } from './field-label';

/**
 * One choice from a long option list (the room type has about 150): typing narrows the list, as
 * nobody scrolls a menu that long. Drawn with the plain select's label, required mark, error and
 * description; clearing the text (or the clear button) stores null, as the plain select's
 * "Not set" does. MUI's own words here (Clear, Open, No options) come from its locale packs.
 */
export function SearchSelectWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, readonly, disabled, rawErrors = [], required } = props;
  const choices = (props.options.enumOptions ?? []) as EnumOption[];
  const chosen = choices.find((c) => c.value === value) ?? null;
  return (
    <Autocomplete
      id={id}
      size="small"
      fullWidth
      options={choices}
      value={chosen}
      getOptionLabel={(c) => c.label}
      getOptionKey={(c) => String(c.value)}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      // Enter takes the first match of what was typed, as a native select's type-ahead does.
      autoHighlight
      openOnFocus
      // Read-only is drawn as the plain select draws it: disabled.
      disabled={disabled || readonly}
      onChange={(_e, next) => onChange(next ? next.value : null)}
      onBlur={() => onBlur(id, value)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={fieldLabel(props)}
          required={required}
          error={rawErrors.length > 0}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-describedby': rawErrors.length ? `${id}__error` : undefined,
            },
          }}
        />
      )}
    />
  );
}
