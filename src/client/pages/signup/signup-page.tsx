import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { AuthCard } from '../../forms/auth-card';
import { FormErrors } from '../../forms/form-errors';
import { formValues } from '../../forms/form-values';
import { useServerErrors } from '../../forms/use-server-errors';
import { EXTERNAL_LINKS } from '../../components/external-links';
import type { RegisterRequestWire } from '../../../shared/generated/wire-types';
import { AccountTypeField, type AccountType } from './account-type-field';
import { SignupDone } from './signup-done';
import { useCompanyNameCheck } from './use-company-name-check';
import { RichText, useT } from '../../i18n';

export function SignupPage() {
  const [accountType, setAccountType] = useState<AccountType>('accommodation');
  const [agreed, setAgreed] = useState(false);
  const t = useT();
  const nameCheck = useCompanyNameCheck();
  // The list above the form names each field as the form labels it.
  const errors = useServerErrors({
    first_name: t('signup.first_name'),
    last_name: t('signup.last_name'),
    company: t('signup.company'),
    email: t('common.email'),
    password: t('common.password'),
    re_password: t('common.repeat_password'),
  });
  const register = useMutation({
    mutationFn: (body: RegisterRequestWire) => unwrap(api.POST('/api/auth/users/', { body })),
    onError: errors.set,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const v = formValues(event);
    errors.clear();
    register.mutate({
      account_type: accountType,
      first_name: v.first_name ?? '',
      last_name: v.last_name ?? '',
      company: v.company ?? '',
      email: v.email ?? '',
      password: v.password ?? '',
      re_password: v.re_password ?? '',
      agreement: agreed,
    });
  };

  if (register.isSuccess) {
    return (
      <AuthCard title={t('signup.done_title')}>
        <SignupDone email={register.data.email} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('signup.title')} width={520}>
      <FormErrors messages={errors.messages} />
      <Box component="form" onSubmit={submit} aria-label={t('signup.form')} noValidate>
        <AccountTypeField value={accountType} onChange={setAccountType} error={errors.fields.account_type} />
        <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
          <TextField
            name="first_name"
            label={t('signup.first_name')}
            autoComplete="given-name"
            required
            {...errors.at('first_name')}
          />
          <TextField
            name="last_name"
            label={t('signup.last_name')}
            autoComplete="family-name"
            required
            {...errors.at('last_name')}
          />
        </Box>
        <TextField
          name="company"
          label={t('signup.company')}
          autoComplete="organization"
          required
          {...errors.at('company')}
          onBlur={(e) => nameCheck.onBlur(e.target.value)}
          onChange={nameCheck.onChange}
          helperText={
            errors.at('company').helperText ??
            (nameCheck.taken
              ? t('signup.company_taken')
              : accountType === 'to'
                ? t('signup.company_help_operator')
                : t('signup.company_help_hotel'))
          }
          slotProps={{
            // The warning is read out when it appears; a server error keeps the error colour.
            formHelperText: {
              'aria-live': 'polite',
              sx: nameCheck.taken && !errors.at('company').error ? { color: 'warning.dark' } : undefined,
            },
          }}
        />
        <TextField
          name="email"
          type="email"
          label={t('common.email')}
          autoComplete="email"
          required
          {...errors.at('email')}
        />
        <TextField
          name="password"
          type="password"
          label={t('common.password')}
          autoComplete="new-password"
          required
          slotProps={{ htmlInput: { minLength: 8 } }}
          {...errors.at('password')}
        />
        <TextField
          name="re_password"
          type="password"
          label={t('common.repeat_password')}
          autoComplete="new-password"
          required
          {...errors.at('re_password')}
        />
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Checkbox name="agreement" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} required />
          }
          label={
            <RichText
              k="signup.accept_terms"
              values={{
                terms: (chunks) => (
                  <Link href={EXTERNAL_LINKS.terms} target="_blank" rel="noopener noreferrer">
                    {chunks}
                  </Link>
                ),
                privacy: (chunks) => (
                  <Link href={EXTERNAL_LINKS.privacy} target="_blank" rel="noopener noreferrer">
                    {chunks}
                  </Link>
                ),
              }}
            />
          }
        />
        {errors.fields.agreement && <FormHelperText error>{errors.fields.agreement}</FormHelperText>}
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          sx={{ mt: 2 }}
          disabled={!agreed || register.isPending}
        >
          {register.isPending ? t('signup.creating') : t('signup.submit')}
        </Button>
      </Box>
      <Link component={RouterLink} to="/login" sx={{ display: 'inline-block', mt: 2 }}>
        {t('signup.have_account')}
      </Link>
    </AuthCard>
  );
}
