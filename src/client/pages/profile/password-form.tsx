import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { FormErrors } from '../../forms/form-errors';
import { HiddenUsername } from '../../forms/hidden-username';
import { useT } from '../../i18n';
import { usePasswordChange } from './use-account-changes';

export function PasswordForm({ email }: { email: string }) {
  const t = useT();
  const { errors, submit, pending } = usePasswordChange();
  return (
    <Box component="form" onSubmit={submit} aria-label={t('profile.change_password')}>
      <FormErrors messages={errors.messages} />
      <HiddenUsername value={email} />
      <TextField
        name="current_password"
        type="password"
        label={t('profile.current_password')}
        autoComplete="current-password"
        required
        {...errors.at('current_password')}
      />
      <TextField
        name="new_password"
        type="password"
        label={t('profile.new_password')}
        autoComplete="new-password"
        required
        {...errors.at('new_password')}
      />
      <TextField
        name="re_new_password"
        type="password"
        label={t('profile.repeat_new_password')}
        autoComplete="new-password"
        required
        {...errors.at('re_new_password')}
      />
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={pending}>
        {t('profile.change_password')}
      </Button>
    </Box>
  );
}
