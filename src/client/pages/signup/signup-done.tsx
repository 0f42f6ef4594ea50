import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { RichText, isolated, useT } from '../../i18n';

export function SignupDone({ email }: { email: string }) {
  const t = useT();
  return (
    <>
      <Alert severity="success" sx={{ my: 2 }} data-testid="signup-done">
        <RichText k="signup.done" values={{ email, ...isolated }} />
      </Alert>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Link component={RouterLink} to="/login">
          {t('signup.go_to_sign_in')}
        </Link>
        <Link component={RouterLink} to="/auth/account/resend/activation">
          {t('signup.resend')}
        </Link>
      </Box>
    </>
  );
}
