import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { AuthCard } from '../../forms/auth-card';
import { FormErrors } from '../../forms/form-errors';
import type { SignOutReason } from '../../session/sign-out-notice';
import { BanNotice } from './ban-notice';
import { TwoFactorStep } from './two-factor-step';
import { useLogin } from './use-login';
import { useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';

const REASONS: Partial<Record<SignOutReason, MessageKey>> = {
  idle: 'login.reason_idle',
  expired: 'login.reason_expired',
  deactivated: 'login.reason_deactivated',
  'signed-out': 'login.reason_signed_out',
};

/** Where a visitor goes from the sign-in form instead: a new password, an account, an activation mail. */
function LoginLinks() {
  const t = useT();
  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Link component={RouterLink} to="/reset">
        {t('login.forgot_password')}
      </Link>
      <Link component={RouterLink} to="/signup">
        {t('login.no_account')}
      </Link>
      <Link component={RouterLink} to="/auth/account/resend/activation">
        {t('login.no_activation_mail')}
      </Link>
    </Box>
  );
}

export function LoginPage() {
  const { reason, banEndsAt, blocked, busy, errors, second, submit, sendCode, back } = useLogin();
  const t = useT();
  if (second) {
    return (
      <AuthCard title={t('login.title')}>
        {banEndsAt !== null ? <BanNotice endsAt={banEndsAt} /> : <FormErrors messages={errors.messages} />}
        <TwoFactorStep busy={busy} disabled={blocked} error={second.codeError} onCode={sendCode} onBack={back} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')}>
      {reason && REASONS[reason] && !blocked && !errors.messages.length && (
        <Alert severity="info" sx={{ my: 1 }}>
          {t(REASONS[reason])}
        </Alert>
      )}
      {banEndsAt !== null ? <BanNotice endsAt={banEndsAt} /> : <FormErrors messages={errors.messages} />}
      <Box component="form" onSubmit={submit} noValidate={false} aria-label={t('common.sign_in')}>
        <fieldset disabled={blocked || busy} style={{ border: 0, padding: 0, margin: 0 }}>
          <TextField
            name="email"
            type="email"
            label={t('common.email')}
            autoComplete="username"
            required
            autoFocus
            {...errors.at('email')}
          />
          <TextField
            name="password"
            type="password"
            label={t('common.password')}
            autoComplete="current-password"
            required
            {...errors.at('password')}
          />
          <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }} disabled={blocked || busy}>
            {busy ? t('login.signing_in') : t('common.sign_in')}
          </Button>
        </fieldset>
      </Box>
      <LoginLinks />
    </AuthCard>
  );
}
