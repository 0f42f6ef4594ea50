import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import type { useServerErrors } from '../../forms/use-server-errors';
import { EXTERNAL_LINKS } from '../../components/external-links';
import { RichText, useT } from '../../i18n';
import type { AccountType } from './account-type-field';
import { useCompanyNameCheck } from './use-company-name-check';

type ServerErrors = ReturnType<typeof useServerErrors>;

/** The company name, checked once the field is left: a name already in use is a warning under it. */
export function CompanyNameField({ errors, accountType }: { errors: ServerErrors; accountType: AccountType }) {
  const t = useT();
  const nameCheck = useCompanyNameCheck();
  return (
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
  );
}

/** The terms and privacy agreement the account needs, with the server's refusal under it. */
export function TermsAgreement({
  agreed,
  onChange,
  error,
}: {
  agreed: boolean;
  onChange(agreed: boolean): void;
  error?: string;
}) {
  return (
    <>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Checkbox name="agreement" checked={agreed} onChange={(e) => onChange(e.target.checked)} required />}
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
      {error && <FormHelperText error>{error}</FormHelperText>}
    </>
  );
}
