import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import { useT } from '../../i18n';
import { QuotaSummary } from '../gallery/index';

/** The accommodation dashboard's photo quota: the account's photos against its plan. */
export function PhotoQuotaPanel() {
  const t = useT();
  return (
    <>
      <QuotaSummary />
      <Button component={RouterLink} to="/property-photos" size="small" sx={{ mt: 1 }}>
        {t('dashboard.manage_photos')}
      </Button>
    </>
  );
}
