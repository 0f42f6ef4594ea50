import type { FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formValues } from '../../forms/form-values';
import { useT } from '../../i18n';

interface Props {
  busy: boolean;
  disabled: boolean;
  /** The server's words at the code field (a wrong or used code). */
  error?: string;
  onCode(code: string): void;
  onBack(): void;
}

/** The second step of sign-in with two-factor on: a code from the authenticator app, or a recovery code. */
export function TwoFactorStep({ busy, disabled, error, onCode, onBack }: Props) {
  const t = useT();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const { code = '' } = formValues(event);
    if (!disabled && code.trim()) onCode(code.trim());
  };
  return (
    <Box component="form" onSubmit={submit} aria-label={t('login.two_factor_form')}>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('login.two_factor_intro')}
      </Typography>
      <fieldset disabled={disabled || busy} style={{ border: 0, padding: 0, margin: 0 }}>
        <TextField
          name="code"
          label={t('common.code')}
          autoComplete="one-time-code"
          required
          autoFocus
          error={!!error}
          helperText={error}
          slotProps={{ htmlInput: { maxLength: 64, spellCheck: false, autoCapitalize: 'off' } }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }}>
          {busy ? t('login.checking') : t('login.verify')}
        </Button>
        <Button onClick={onBack} fullWidth sx={{ mt: 1 }}>
          {t('login.other_account')}
        </Button>
      </fieldset>
    </Box>
  );
}
