import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { FormErrors } from '../../forms/form-errors';
import { useCountryName } from '../../components/property-table';
import { COUNTRIES } from '../../reference/countries';
import { languageChoices } from '../../reference/languages';
import type { User } from '../../../shared/generated/client-types';
import { useT } from '../../i18n';
import { useLanguageName } from './language-names';
import { useProfileForm, type ProfileFields } from './use-profile-form';

/** Edit the profile; only the fields that changed are sent. */
export function ProfileForm({ user }: { user: User }) {
  const { values, errors, set, submit, undo, changed, pending } = useProfileForm(user);
  const t = useT();
  const countryName = useCountryName();
  const languageName = useLanguageName();
  const countries = useMemo(
    () =>
      COUNTRIES.map((c) => ({ iso2: c.iso2, name: countryName(c.iso2) })).sort((a, b) => a.name.localeCompare(b.name)),
    [countryName],
  );
  const field = (name: keyof ProfileFields, label: string, extra: object = {}) => (
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
        <Button type="submit" variant="contained" disabled={!changed || pending}>
          {t('profile.save_profile')}
        </Button>
        <Button onClick={undo} disabled={!changed || pending}>
          {t('profile.undo_changes')}
        </Button>
      </Box>
    </Box>
  );
}
