import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { FormErrors } from '../../forms/form-errors';
import { HiddenUsername } from '../../forms/hidden-username';
import { formValues } from '../../forms/form-values';
import { useServerErrors } from '../../forms/use-server-errors';
import { useSignOut } from '../../session/use-sign-out';
import { useLoading } from '../../app/shell/loading-overlay';

/** Deactivation ends every session; it asks first, and for the password. */
export function DeactivateCard({ owner, email }: { owner: boolean; email: string }) {
  const [open, setOpen] = useState(false);
  const errors = useServerErrors();
  const signOut = useSignOut();
  const { enqueueSnackbar } = useSnackbar();
  const track = useLoading();
  const deactivate = useMutation({
    mutationFn: (current_password: string) =>
      track(unwrap(api.PATCH('/api/auth/users/me/change/', { body: { current_password } }))),
    onSuccess: () => {
      enqueueSnackbar('Your account has been deactivated.', { variant: 'info' });
      signOut('deactivated');
    },
    onError: errors.set,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const { current_password = '' } = formValues(event);
    errors.clear();
    deactivate.mutate(current_password);
  };
  const close = () => {
    setOpen(false);
    errors.clear();
  };
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {owner
          ? 'Deactivating closes your account and the access of its authorized users. Contact support to reopen it.'
          : 'Deactivating ends your access to this account. Its owner can invite you again.'}
      </Typography>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        Deactivate account
      </Button>
      <Dialog
        open={open}
        onClose={close}
        maxWidth="xs"
        fullWidth
        slotProps={{ paper: { component: 'form', onSubmit: submit, 'aria-label': 'Confirm deactivation' } as object }}
      >
        <DialogTitle>Deactivate your account?</DialogTitle>
        <DialogContent>
          <DialogContentText>You will be signed out everywhere. Enter your password to confirm.</DialogContentText>
          <FormErrors messages={errors.messages} />
          <HiddenUsername value={email} />
          <TextField
            name="current_password"
            type="password"
            label="Current password"
            autoComplete="current-password"
            required
            autoFocus
            {...errors.at('current_password')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={deactivate.isPending}>
            Deactivate
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
