import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { loadCurrencies, type Currency } from '../data/options';

/** An ISO 4217 currency from GET api/external/currency/ (asked once per page load). */
export function CurrencyWidget(props: WidgetProps) {
  const { id, label, value, onChange, onBlur, readonly, disabled, rawErrors = [], required } = props;
  const [currencies, setCurrencies] = useState<Currency[]>([]);
  useEffect(() => {
    let live = true;
    loadCurrencies().then(
      (list) => live && setCurrencies(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const codes = currencies.map((c) => c.code);
  if (typeof value === 'string' && value && !codes.includes(value)) codes.push(value);
  const nameOf = (code: string) => currencies.find((c) => c.code === code)?.name;
  return (
    <Autocomplete
      id={id}
      size="small"
      options={codes}
      value={typeof value === 'string' && value ? value : null}
      getOptionLabel={(code) => (nameOf(code) ? `${code} · ${nameOf(code)}` : code)}
      readOnly={readonly}
      disabled={disabled}
      onChange={(_e, next) => onChange(next ?? null)}
      onBlur={() => onBlur(id, value)}
      renderInput={(params) => <TextField {...params} label={label} required={required} error={rawErrors.length > 0} />}
    />
  );
}
