import type { FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { AuthCard } from '../../forms/auth-card';
import { FormErrors } from '../../forms/form-errors';
import { formValues } from '../../forms/form-values';
import { useServerErrors } from '../../forms/use-server-errors';
import type { InvitationAcceptWire } from '../../../shared/generated/wire-types';

/** /auth/invite/{uid}/{token}: an invited team member chooses a password; the access becomes active. */
export function InvitationPage() {
  const { uid = '', token = '' } = useParams();
  const errors = useServerErrors();
  const accept = useMutation({
    mutationFn: (body: InvitationAcceptWire) => unwrap(api.POST('/api/auth/users/invitation/accept/', { body })),
    onError: errors.set,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const v = formValues(event);
    errors.clear();
    accept.mutate({ uid, token, new_password: v.new_password ?? '', re_new_password: v.re_new_password ?? '' });
  };
  if (accept.isSuccess) {
    return (
      <AuthCard title="Welcome to Ananas">
        <Alert severity="success" sx={{ my: 2 }} data-testid="invitation-accepted">
          Your password is set and your access is active. Sign in with your e-mail address and the new password.
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained">
          Sign in
        </Button>
      </AuthCard>
    );
  }
  const linkDead = !!(errors.fields.token || errors.fields.uid);
  return (
    <AuthCard
      title="Accept your invitation"
      subtitle="You have been invited to work on an Ananas account. Choose a password to activate your access."
    >
      <FormErrors messages={errors.messages} />
      <Box component="form" onSubmit={submit} aria-label="Accept the invitation">
        <TextField
          name="new_password"
          type="password"
          label="Password"
          autoComplete="new-password"
          required
          autoFocus
          {...errors.at('new_password')}
        />
        <TextField
          name="re_new_password"
          type="password"
          label="Repeat password"
          autoComplete="new-password"
          required
          {...errors.at('re_new_password')}
        />
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={accept.isPending || linkDead}>
          Set password and activate
        </Button>
      </Box>
      {linkDead && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Invitation links work once, for 3 days. Ask the account owner to invite you again.
        </Typography>
      )}
    </AuthCard>
  );
}
