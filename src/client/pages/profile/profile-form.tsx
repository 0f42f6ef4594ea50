import { useMemo, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { FormErrors } from '../../forms/form-errors';
import { useServerErrors } from '../../forms/use-server-errors';
import { useCountryName } from '../../components/property-table';
import { COUNTRIES } from '../../reference/countries';
import { languageChoices } from '../../reference/languages';
import type { User } from '../../../shared/generated/client-types';
import type { ProfileUpdateWire } from '../../../shared/generated/wire-types';
import { useT } from '../../i18n';
import { useLanguageName } from './language-names';
import { useStoreUser } from './use-profile';

type Fields = Required<
  Pick<ProfileUpdateWire, 'username' | 'first_name' | 'last_name' | 'phone' | 'title' | 'country'>
> & { language: string };

const fieldsOf = (u: User): Fields => ({
  username: u.username,
  first_name: u.firstName,
  last_name: u.lastName,
  phone: u.phone,
  title: u.title,
  country: u.country,
  language: u.language,
});

/** Edit the profile; only the fields that changed are sent. */
export function ProfileForm({ user }: { user: User }) {
  const [values, setValues] = useState<Fields>(() => fieldsOf(user));
  const errors = useServerErrors();
  const storeUser = useStoreUser();
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const countryName = useCountryName();
  const languageName = useLanguageName();
  const countries = useMemo(
    () =>
      COUNTRIES.map((c) => ({ iso2: c.iso2, name: countryName(c.iso2) })).sort((a, b) => a.name.localeCompare(b.name)),
    [countryName],
  );
  const save = useMutation({
    mutationFn: (body: ProfileUpdateWire) => unwrap(api.PATCH('/api/auth/profile/update', { body })),
    onSuccess: (wire) => {
      storeUser(wire);
      enqueueSnackbar(t('profile.saved'), { variant: 'success' });
    },
    onError: errors.set,
  });
  const saved = fieldsOf(user);
  const changed = (Object.keys(values) as (keyof Fields)[]).filter((k) => values[k] !== saved[k]);
  const set = (name: keyof Fields) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    errors.clear();
    save.mutate(Object.fromEntries(changed.map((k) => [k, values[k]])) as ProfileUpdateWire);
  };
  const field = (name: keyof Fields, label: string, extra: object = {}) => (
    <TextField name={name} label={label} value={values[name]} onChange={set(name)} {...errors.at(name)} {...extra} />
  );
  return (
    <Box component="form" onSubmit={submit} aria-label={t('profile.edit_profile')}>
      <FormErrors messages={errors.messages} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          columnGap: 2,
        }}
      >
        {field('first_name', t('profile.first_name'), { required: true, autoComplete: 'given-name' })}
        {field('last_name', t('profile.last_name'), { required: true, autoComplete: 'family-name' })}
        {field('username', t('profile.username'), { required: true, autoComplete: 'username' })}
        {field('phone', t('profile.phone'), { type: 'tel', autoComplete: 'tel' })}
        {field('title', t('profile.job_title'), { autoComplete: 'organization-title' })}
        {field('country', t('profile.country'), {
          select: true,
          slotProps: { select: { native: true }, inputLabel: { shrink: true } },
          children: [
            <option key="" value="">
              —
            </option>,
            ...countries.map((c) => (
              <option key={c.iso2} value={c.iso2}>
                {c.name}
              </option>
            )),
          ],
        })}
        {field('language', t('profile.language'), {
          select: true,
          slotProps: { select: { native: true }, inputLabel: { shrink: true } },
          // A language no longer offered that this older account holds still shows (and stays unless changed).
          children: languageChoices(user.language).map((l) => (
            <option key={l.value} value={l.value}>
              {languageName(l.value, l.label)}
            </option>
          )),
        })}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button type="submit" variant="contained" disabled={!changed.length || save.isPending}>
          {t('profile.save_profile')}
        </Button>
        <Button
          onClick={() => {
            setValues(saved);
            errors.clear();
          }}
          disabled={!changed.length || save.isPending}
        >
          {t('profile.undo_changes')}
        </Button>
      </Box>
    </Box>
  );
}
