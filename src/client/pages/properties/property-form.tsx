import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FormErrors } from '../../forms/form-errors';
import { useServerErrors } from '../../forms/use-server-errors';
import type { Property } from './types';
import { LocationFields } from './location-fields';
import { LogoInput } from './logo-input';
import { createProperty, updateProperty, type PropertyFormValues } from './property-api';
import { useT } from '../../i18n';

interface Props {
  /** The property edited, or undefined to add one. */
  property?: Property;
  onDone(saved: Property): void;
  onCancel?(): void;
}

/** Add or edit a property: name, country, state and city (cascading), logo. */
export function PropertyForm({ property, onDone, onCancel }: Props) {
  const [values, setValues] = useState<PropertyFormValues>({
    hotelName: property?.hotel_name ?? '',
    country: property?.country ?? '',
    state: property?.state ?? '',
    city: property?.city ?? '',
    logo: null,
    removeLogo: false,
  });
  const [busy, setBusy] = useState(false);
  const t = useT();
  const errors = useServerErrors();
  const set = (patch: Partial<PropertyFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    errors.clear();
    setBusy(true);
    try {
      const saved = property ? await updateProperty(property.id, values) : await createProperty(values);
      onDone(saved);
    } catch (failure) {
      errors.set(failure);
    } finally {
      setBusy(false);
    }
  };
  const at = (name: string) => errors.fields[name];
  return (
    <Box
      component="form"
      onSubmit={(e) => void submit(e)}
      aria-label={property ? t('properties.edit_named', { name: property.hotel_name }) : t('properties.add')}
      noValidate
    >
      <FormErrors messages={errors.messages} />
      <Stack spacing={2}>
        <TextField
          label={t('properties.hotel_name')}
          required
          value={values.hotelName}
          onChange={(e) => set({ hotelName: e.target.value })}
          error={!!at('hotel_name')}
          helperText={at('hotel_name')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <LocationFields
          country={values.country}
          state={values.state}
          city={values.city}
          errors={{ country: at('country'), state: at('state'), city: at('city') }}
          onChange={(loc) => set(loc)}
        />
        <LogoInput
          current={property?.hotel_logo ?? null}
          file={values.logo}
          remove={values.removeLogo}
          onFile={(logo) => set({ logo })}
          onRemove={(removeLogo) => set({ removeLogo })}
        />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {property ? t('properties.save') : t('properties.add')}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('properties.cancel')}</Button>}
        </Box>
      </Stack>
    </Box>
  );
}
