import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';

export type AccountType = 'accommodation' | 'to';

/** Accommodation or tour operator; "Other" is shown, and disabled (not offered yet). */
export function AccountTypeField({
  value,
  onChange,
  error,
}: {
  value: AccountType;
  onChange: (v: AccountType) => void;
  error?: string;
}) {
  return (
    <FormControl margin="normal" error={!!error}>
      <FormLabel id="account-type-label">Account type</FormLabel>
      <RadioGroup
        row
        aria-labelledby="account-type-label"
        name="account_type"
        value={value}
        onChange={(_e, v) => onChange(v as AccountType)}
      >
        <FormControlLabel value="accommodation" control={<Radio />} label="Accommodation" />
        <FormControlLabel value="to" control={<Radio />} label="Tour operator" />
        <FormControlLabel value="other" control={<Radio />} label="Other" disabled />
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
