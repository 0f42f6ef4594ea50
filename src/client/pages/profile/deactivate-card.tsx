import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormErrors } from '../../forms/form-errors';
import { HiddenUsername } from '../../forms/hidden-username';
import { formValues } from '../../forms/form-values';
import { useServerErrors } from '../../forms/use-server-errors';
import { useT } from '../../i18n';
import { useDeactivation } from './use-account-changes';

/** Deactivation ends every session; it asks first, and for the password. */
export function DeactivateCard({ owner, email }: { owner: boolean; email: string }) {
  const [open, setOpen] = useState(false);
  const errors = useServerErrors();
  const t = useT();
  const deactivate = useDeactivation(errors.set);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const { current_password = '' } = formValues(event);
    errors.clear();
    deactivate.deactivate(current_password);
  };
  const close = () => {
    setOpen(false);
    errors.clear();
  };
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t(owner ? 'profile.deactivate_owner_help' : 'profile.deactivate_member_help')}
      </Typography>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {t('profile.deactivate_account')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        maxWidth="xs"
        fullWidth
        slotProps={{
          paper: { component: 'form', onSubmit: submit, 'aria-label': t('profile.confirm_deactivation') } as object,
        }}
      >
        <DialogTitle>{t('profile.deactivate_question')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('profile.deactivate_confirm_text')}</DialogContentText>
          <FormErrors messages={errors.messages} />
          <HiddenUsername value={email} />
          <TextField
            name="current_password"
            type="password"
            label={t('profile.current_password')}
            autoComplete="current-password"
            required
            autoFocus
            {...errors.at('current_password')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('profile.cancel')}</Button>
          <Button type="submit" color="error" variant="contained" disabled={deactivate.pending}>
            {t('profile.deactivate')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
