import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { AuthCard } from '../../forms/auth-card';
import { FormErrors } from '../../forms/form-errors';
import { AccountTypeField } from './account-type-field';
import { SignupDone } from './signup-done';
import { CompanyNameField, TermsAgreement } from './signup-fields';
import { useSignup } from './use-signup';
import { useT } from '../../i18n';

export function SignupPage() {
  const { accountType, setAccountType, agreed, setAgreed, errors, submit, pending, registered } = useSignup();
  const t = useT();
  if (registered !== null) {
    return (
      <AuthCard title={t('signup.done_title')}>
        <SignupDone email={registered} />
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
        <CompanyNameField errors={errors} accountType={accountType} />
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
        <TermsAgreement agreed={agreed} onChange={setAgreed} error={errors.fields.agreement} />
        <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }} disabled={!agreed || pending}>
          {pending ? t('signup.creating') : t('signup.submit')}
        </Button>
      </Box>
      <Link component={RouterLink} to="/login" sx={{ display: 'inline-block', mt: 2 }}>
        {t('signup.have_account')}
      </Link>
    </AuthCard>
  );
}
