import type { FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AuthCard } from '../../forms/auth-card';
import { FormErrors } from '../../forms/form-errors';
import { formValues } from '../../forms/form-values';
import { useServerErrors } from '../../forms/use-server-errors';
import { useT } from '../../i18n';
import { useInvitationAccept } from './use-invitation';

/** /auth/invite/{uid}/{token}: an invited team member chooses a password; the access becomes active. */
export function InvitationPage() {
  const { uid = '', token = '' } = useParams();
  const t = useT();
  const errors = useServerErrors({
    new_password: t('common.password'),
    re_new_password: t('common.repeat_password'),
  });
  const accept = useInvitationAccept(errors.set);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const v = formValues(event);
    errors.clear();
    accept.accept({ uid, token, new_password: v.new_password ?? '', re_new_password: v.re_new_password ?? '' });
  };
  if (accept.done) {
    return (
      <AuthCard title={t('invitation.welcome')}>
        <Alert severity="success" sx={{ my: 2 }} data-testid="invitation-accepted">
          {t('invitation.accepted')}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained">
          {t('common.sign_in')}
        </Button>
      </AuthCard>
    );
  }
  const linkDead = !!(errors.fields.token || errors.fields.uid);
  return (
    <AuthCard title={t('invitation.title')} subtitle={t('invitation.subtitle')}>
      <FormErrors messages={errors.messages} />
      <Box component="form" onSubmit={submit} aria-label={t('invitation.form')}>
        <TextField
          name="new_password"
          type="password"
          label={t('common.password')}
          autoComplete="new-password"
          required
          autoFocus
          {...errors.at('new_password')}
        />
        <TextField
          name="re_new_password"
          type="password"
          label={t('common.repeat_password')}
          autoComplete="new-password"
          required
          {...errors.at('re_new_password')}
        />
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={accept.pending || linkDead}>
          {t('invitation.submit')}
        </Button>
      </Box>
      {linkDead && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('invitation.link_dead')}
        </Typography>
      )}
    </AuthCard>
  );
}
