import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useT } from '../../i18n';

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
  const t = useT();
  return (
    <FormControl margin="normal" error={!!error}>
      <FormLabel id="account-type-label">{t('signup.account_type')}</FormLabel>
      <RadioGroup
        row
        aria-labelledby="account-type-label"
        name="account_type"
        value={value}
        onChange={(_e, v) => onChange(v as AccountType)}
      >
        <FormControlLabel value="accommodation" control={<Radio />} label={t('signup.type_accommodation')} />
        <FormControlLabel value="to" control={<Radio />} label={t('signup.type_operator')} />
        <FormControlLabel value="other" control={<Radio />} label={t('signup.type_other')} disabled />
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
