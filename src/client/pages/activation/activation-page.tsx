import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { errorMessages } from '../../api/errors';
import { AuthCard } from '../../forms/auth-card';
import { FormErrors } from '../../forms/form-errors';
import { useT } from '../../i18n';
import { useActivation } from './use-activation';

export function ActivationPage() {
  const { uid = '', token = '' } = useParams();
  const { isPending, isSuccess, isError, error } = useActivation(uid, token);
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
