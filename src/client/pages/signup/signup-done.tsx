import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';

export function SignupDone({ email }: { email: string }) {
  return (
    <>
      <Alert severity="success" sx={{ my: 2 }} data-testid="signup-done">
        Thank you for signing up. We have sent an activation link to {email}. Open it to activate your account, then
        sign in.
      </Alert>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Link component={RouterLink} to="/login">
          Go to sign in
        </Link>
        <Link component={RouterLink} to="/auth/account/resend/activation">
          Did not get the mail? Send it again
        </Link>
      </Box>
    </>
  );
}
