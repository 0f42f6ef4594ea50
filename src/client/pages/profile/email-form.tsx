import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { FormErrors } from '../../forms/form-errors';
import { HiddenUsername } from '../../forms/hidden-username';
import { useT } from '../../i18n';
import { useEmailChange } from './use-account-changes';

export function EmailForm({ current }: { current: string }) {
  const t = useT();
  const { errors, submit, pending } = useEmailChange();
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
