import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { AuthCard } from '../../forms/auth-card';
import { FormErrors } from '../../forms/form-errors';
import { formValues } from '../../forms/form-values';
import { useServerErrors } from '../../forms/use-server-errors';

export function ResendActivationPage() {
  const errors = useServerErrors();
  const resend = useMutation({
    mutationFn: async (email: string) => {
      await unwrap(api.POST('/api/auth/users/resend_activation/', { body: { email } }));
      return email;
    },
    onError: errors.set,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const { email = '' } = formValues(event);
    errors.clear();
    resend.mutate(email);
  };
  return (
    <AuthCard title="Resend the activation link" subtitle="Enter the e-mail address you signed up with.">
      {resend.isSuccess ? (
        <Alert severity="success" sx={{ my: 2 }} data-testid="resend-done">
          If {resend.data} has an account waiting for activation, a new link is on its way. Earlier links stop working.
        </Alert>
      ) : (
        <>
          <FormErrors messages={errors.messages} />
          <Box component="form" onSubmit={submit} aria-label="Resend activation">
            <TextField name="email" type="email" label="E-mail" autoComplete="email" required autoFocus {...errors.at('email')} />
            <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={resend.isPending}>
              Send activation link
            </Button>
          </Box>
        </>
      )}
      <Link component={RouterLink} to="/login" sx={{ display: 'inline-block', mt: 2 }}>
        Back to sign in
      </Link>
    </AuthCard>
  );
}
