import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { formValues } from '../../forms/form-values';
import { useT } from '../../i18n';
import { useStaffGrant } from './use-premium';

/**
 * Ananas staff grant the Premium plan an account asked for (their notification names the
 * account owner's e-mail and carries the account's id).
 */
export function StaffGrant() {
  const t = useT();
  const staff = useStaffGrant();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const userId = Number(formValues(event).account);
    if (!Number.isInteger(userId) || userId < 1) return setResult({ ok: false, text: t('premium.grant_enter_number') });
    setBusy(true);
    staff
      .grant(userId)
      .then(
        (grant) => {
          setResult({ ok: true, text: t('premium.granted', { account: grant.user }) });
          staff.refresh();
        },
        (e: unknown) => setResult({ ok: false, text: errorMessages(e).join(' ') }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Paper variant="outlined" sx={{ p: 3, mt: 4 }} component="section" aria-label={t('premium.grant')}>
      <Typography variant="h6" component="h2">
        {t('premium.grant_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('premium.grant_intro')}
      </Typography>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} sx={{ mb: 1 }}>
          {result.text}
        </Alert>
      )}
      <Box
        component="form"
        onSubmit={submit}
        aria-label={t('premium.grant')}
        sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <TextField
          name="account"
          label={t('premium.account_number')}
          inputMode="numeric"
          sx={{ maxWidth: 220 }}
          margin="dense"
          size="small"
          required
        />
        <Button type="submit" variant="outlined" disabled={busy}>
          {t('premium.grant')}
        </Button>
      </Box>
    </Paper>
  );
}
