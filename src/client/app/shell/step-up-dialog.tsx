import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import { useStepUp } from './use-step-up';

/**
 * "Confirm it is you": asked when a change declared `stepUp` in routes.json (docs/security.md, "Security
 * notes": keys, whitelists, webhooks, the team and its permissions, e-mail, password, two-factor
 * sign-in, contract proposals and answers, deactivation) needs a fresh proof. Once the server
 * takes the password or code, the change that asked is sent again by the API middleware.
 */
export function StepUpDialog() {
  const { open, isCode, value, setValue, error, busy, finish, submit } = useStepUp();
  const t = useT();
  return (
    <Dialog
      open={open}
      onClose={() => finish(false)}
      aria-labelledby="step-up-title"
      maxWidth="xs"
      fullWidth
      // Asked in the middle of a change: above the change's own dialog and above the loading
      // overlay that covers the app while the change is pending (modal + 1).
      sx={{ zIndex: (t) => t.zIndex.modal + 2 }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="step-up-title">{t('shell.step_up_title')}</DialogTitle>
        <DialogContent>
          <Typography gutterBottom>{isCode ? t('shell.step_up_code') : t('shell.step_up_password')}</Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t(isCode ? 'common.code' : 'common.password')}
            type={isCode ? 'text' : 'password'}
            autoComplete={isCode ? 'one-time-code' : 'current-password'}
            slotProps={{
              htmlInput: { 'data-testid': 'step-up-input', ...(isCode ? { inputMode: 'numeric' as const } : {}) },
            }}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => finish(false)}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || !value.trim()}>
            {t('common.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
