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

export function ResetRequestPage() {
  const errors = useServerErrors();
  const request = useMutation({
    mutationFn: async (email: string) => {
      await unwrap(api.POST('/api/auth/users/reset_password/', { body: { email } }));
      return email;
    },
    onError: errors.set,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const { email = '' } = formValues(event);
    errors.clear();
    request.mutate(email);
  };
  return (
    <AuthCard title="Reset your password" subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password.">
      {request.isSuccess ? (
        <Alert severity="success" sx={{ my: 2 }} data-testid="reset-sent">
          If an account exists for {request.data}, a reset link is on its way. The link works once, for 1 hour.
        </Alert>
      ) : (
        <>
          <FormErrors messages={errors.messages} />
          <Box component="form" onSubmit={submit} aria-label="Reset password">
            <TextField name="email" type="email" label="E-mail" autoComplete="email" required autoFocus {...errors.at('email')} />
            <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={request.isPending}>
              Send reset link
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
