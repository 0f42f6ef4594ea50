import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { api } from '../../api/client';
import { errorMessages, unwrap } from '../../api/errors';
import { AuthCard } from '../../forms/auth-card';
import { FormErrors } from '../../forms/form-errors';
import { useT } from '../../i18n';

/**
 * Activation links are single use: one request per link per page load, even when React mounts
 * the page twice (StrictMode) or the visitor comes back to it.
 */
const attempts = new Map<string, Promise<unknown>>();

function activate(uid: string, token: string): Promise<unknown> {
  const key = `${uid}/${token}`;
  let attempt = attempts.get(key);
  if (!attempt) {
    attempt = unwrap(api.POST('/api/auth/users/activation/', { body: { uid, token } }));
    attempts.set(key, attempt);
  }
  return attempt;
}

export function ActivationPage() {
  const { uid = '', token = '' } = useParams();
  const { mutate, isPending, isSuccess, isError, error } = useMutation({ mutationFn: () => activate(uid, token) });
  useEffect(() => mutate(), [mutate, uid, token]);
  const t = useT();
  return (
    <AuthCard title={t('activation.title')}>
      {isSuccess && (
        <Alert severity="success" sx={{ my: 2 }} data-testid="activation-done">
          {t('activation.done')}
        </Alert>
      )}
      {isError && <FormErrors messages={errorMessages(error)} />}
      {isPending || (!isSuccess && !isError) ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 2 }}>
          <CircularProgress size={24} aria-label={t('activation.activating')} /> {t('activation.activating_account')}
        </Box>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/login" variant="contained">
            {t('common.sign_in')}
          </Button>
          {isError && (
            <Button component={RouterLink} to="/auth/account/resend/activation">
              {t('activation.new_link')}
            </Button>
          )}
        </Box>
      )}
    </AuthCard>
  );
}
