import type { FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { AuthCard } from '../../forms/auth-card';
import { FormErrors } from '../../forms/form-errors';
import { formValues } from '../../forms/form-values';
import { useServerErrors } from '../../forms/use-server-errors';
import { useT } from '../../i18n';
import { useResetConfirm } from './use-reset';

export function ResetConfirmPage() {
  const { uid = '', token = '' } = useParams();
  const t = useT();
  const errors = useServerErrors({
    new_password: t('reset.new_password'),
    re_new_password: t('reset.repeat_new_password'),
  });
  const confirm = useResetConfirm(errors.set);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const v = formValues(event);
    errors.clear();
    confirm.confirm({ uid, token, new_password: v.new_password ?? '', re_new_password: v.re_new_password ?? '' });
  };
  if (confirm.done) {
    return (
      <AuthCard title={t('reset.changed_title')}>
        <Alert severity="success" sx={{ my: 2 }} data-testid="reset-done">
          {t('reset.changed')}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained">
          {t('common.sign_in')}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('reset.choose_title')}>
      <FormErrors messages={errors.messages} />
      <Box component="form" onSubmit={submit} aria-label={t('reset.new_password')}>
        <TextField
          name="new_password"
          type="password"
          label={t('reset.new_password')}
          autoComplete="new-password"
          required
          autoFocus
          {...errors.at('new_password')}
        />
        <TextField
          name="re_new_password"
          type="password"
          label={t('reset.repeat_new_password')}
          autoComplete="new-password"
          required
          {...errors.at('re_new_password')}
        />
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={confirm.pending}>
          {t('reset.set_password')}
        </Button>
      </Box>
      {(errors.fields.token || errors.fields.uid) && (
        <Link component={RouterLink} to="/reset" sx={{ display: 'inline-block', mt: 2 }}>
          {t('reset.ask_new_link')}
        </Link>
      )}
    </AuthCard>
  );
}
