import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { FormErrors } from '../../forms/form-errors';
import { HiddenUsername } from '../../forms/hidden-username';
import type { SetEmailWire } from '../../../shared/generated/wire-types';
import { useT } from '../../i18n';
import { useCredentialChange } from './use-credential-change';

export function EmailForm({ current }: { current: string }) {
  const t = useT();
  const { errors, submit, pending } = useCredentialChange(
    (body: SetEmailWire) => unwrap(api.POST('/api/auth/users/set_email/', { body })),
    (v) => ({
      current_password: v.current_password ?? '',
      new_email: v.new_email ?? '',
      re_new_email: v.re_new_email ?? '',
    }),
    t('profile.email_changed'),
    {
      new_email: t('profile.new_email'),
      re_new_email: t('profile.repeat_new_email'),
      current_password: t('profile.current_password'),
    },
  );
  return (
    <Box component="form" onSubmit={submit} aria-label={t('profile.change_email')}>
      <FormErrors messages={errors.messages} />
      <HiddenUsername value={current} />
      <TextField
        name="new_email"
        type="email"
        label={t('profile.new_email')}
        placeholder={current}
        autoComplete="email"
        required
        {...errors.at('new_email')}
      />
      <TextField
        name="re_new_email"
        type="email"
        label={t('profile.repeat_new_email')}
        autoComplete="email"
        required
        {...errors.at('re_new_email')}
      />
      <TextField
        name="current_password"
        type="password"
        label={t('profile.current_password')}
        autoComplete="current-password"
        required
        {...errors.at('current_password')}
      />
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={pending}>
        {t('profile.change_email')}
      </Button>
    </Box>
  );
}
