import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { ApiFailure, fieldErrors } from '../../api/errors';
import { AuthCard } from '../../forms/auth-card';
import { FormErrors } from '../../forms/form-errors';
import { formValues } from '../../forms/form-values';
import { useServerErrors } from '../../forms/use-server-errors';
import { signOutNotice, type SignOutReason } from '../../session/sign-out-notice';
import { BanNotice } from './ban-notice';
import { useLoginBan } from './login-ban';
import { TwoFactorStep } from './two-factor-step';
import { needsSecondFactor } from './two-factor';
import { useSignIn } from './use-sign-in';
import { useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';

const REASONS: Partial<Record<SignOutReason, MessageKey>> = {
  idle: 'login.reason_idle',
  expired: 'login.reason_expired',
  deactivated: 'login.reason_deactivated',
  'signed-out': 'login.reason_signed_out',
};

export function LoginPage() {
  const [reason] = useState(signOutNotice.current);
  const banEndsAt = useLoginBan();
  const errors = useServerErrors();
  const signIn = useSignIn();
  const t = useT();
  // The password was right and two-factor sign-in is on: the code step, holding what was typed.
  const [second, setSecond] = useState<{ email: string; password: string; codeError?: string } | null>(null);
  const blocked = banEndsAt !== null;
  const busy = signIn.isPending;
  const failed = (e: unknown) => !(e instanceof ApiFailure && e.status === 429) && errors.set(e);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const { email = '', password = '' } = formValues(event);
    if (blocked) return;
    errors.clear();
    signIn.mutate(
      { email, password },
      { onError: (e) => (needsSecondFactor(e) ? setSecond({ email, password }) : failed(e)) },
    );
  };
  const sendCode = (code: string) => {
    if (!second || blocked) return;
    errors.clear();
    const { email, password } = second;
    signIn.mutate(
      { email, password, code },
      {
        onError: (e) =>
          needsSecondFactor(e) ? setSecond({ email, password, codeError: fieldErrors(e).code }) : failed(e),
      },
    );
  };

  if (second) {
    return (
      <AuthCard title={t('login.title')}>
        {blocked ? <BanNotice endsAt={banEndsAt} /> : <FormErrors messages={errors.messages} />}
        <TwoFactorStep
          busy={busy}
          disabled={blocked}
          error={second.codeError}
          onCode={sendCode}
          onBack={() => setSecond(null)}
        />
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
      {blocked ? <BanNotice endsAt={banEndsAt} /> : <FormErrors messages={errors.messages} />}
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
    </AuthCard>
  );
}
