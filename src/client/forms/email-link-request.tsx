import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { AuthCard } from './auth-card';
import { FormErrors } from './form-errors';
import { formValues } from './form-values';
import { useServerErrors } from './use-server-errors';
import { useT } from '../i18n';

interface EmailLinkRequestProps {
  title: string;
  subtitle: string;
  /** The form's accessible name. */
  formName: string;
  submitLabel: string;
  doneTestId: string;
  /** Sends the request; answers the same whether or not the address has an account. */
  send: (email: string) => Promise<unknown>;
  done: (email: string) => ReactNode;
}

/** A signed-out page that asks for an e-mail address and has a link mailed to it (activation, password reset). */
export function EmailLinkRequest({
  title,
  subtitle,
  formName,
  submitLabel,
  doneTestId,
  send,
  done,
}: EmailLinkRequestProps) {
  const errors = useServerErrors();
  const t = useT();
  const request = useMutation({
    mutationFn: async (email: string) => {
      await send(email);
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
    <AuthCard title={title} subtitle={subtitle}>
      {request.isSuccess ? (
        <Alert severity="success" sx={{ my: 2 }} data-testid={doneTestId}>
          {done(request.data)}
        </Alert>
      ) : (
        <>
          <FormErrors messages={errors.messages} />
          <Box component="form" onSubmit={submit} aria-label={formName}>
            <TextField
              name="email"
              type="email"
              label={t('common.email')}
              autoComplete="email"
              required
              autoFocus
              {...errors.at('email')}
            />
            <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={request.isPending}>
              {submitLabel}
            </Button>
          </Box>
        </>
      )}
      <Link component={RouterLink} to="/login" sx={{ display: 'inline-block', mt: 2 }}>
        {t('common.back_to_sign_in')}
      </Link>
    </AuthCard>
  );
}
