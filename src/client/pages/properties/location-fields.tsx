import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useT } from '../../i18n';
import { useLocations } from './use-locations';

interface Props {
  country: string;
  state: string;
  city: string;
  disabled?: boolean;
  errors: { country?: string; state?: string; city?: string };
  onChange(next: { country: string; state: string; city: string }): void;
}

/** Country, then its states, then the state's cities: each list follows the choice before it. */
export function LocationFields({ country, state, city, disabled, errors, onChange }: Props) {
  const t = useT();
  const places = useLocations(country, state);
  const countryOptions = places.countries;
  const stateOptions = places.states;
  const cityNames = places.cityNames;
  return (
    <Stack spacing={2}>
      <Autocomplete
        options={countryOptions.map((c) => c.iso2)}
        getOptionLabel={(iso) => countryOptions.find((c) => c.iso2 === iso)?.name ?? iso}
        value={country || null}
        disabled={disabled}
        onChange={(_e, v) => onChange({ country: v ?? '', state: '', city: '' })}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('properties.country')}
            required
            error={!!errors.country}
            helperText={errors.country}
          />
        )}
      />
      <Autocomplete
        options={stateOptions.map((s) => s.iso2)}
        getOptionLabel={(iso) => stateOptions.find((s) => s.iso2 === iso)?.name ?? iso}
        value={state || null}
        disabled={disabled || !country}
        loading={places.statesLoading}
        onChange={(_e, v) => onChange({ country, state: v ?? '', city: '' })}
        renderInput={(params) => (
          <TextField {...params} label={t('properties.state')} error={!!errors.state} helperText={errors.state} />
        )}
      />
      <Autocomplete
        freeSolo
        options={cityNames}
        value={city || null}
        disabled={disabled || !country}
        loading={places.citiesLoading}
        onChange={(_e, v) => onChange({ country, state, city: v ?? '' })}
        onInputChange={(_e, v, reason) => reason === 'input' && onChange({ country, state, city: v })}
        renderInput={(params) => (
          <TextField {...params} label={t('properties.city')} error={!!errors.city} helperText={errors.city} />
        )}
      />
    </Stack>
  );
}
