import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useFormat, useT } from '../../i18n';
import { useSession } from '../../session/session';
import type { PlansWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from '../../components/settings-frame';
import { PlanCards } from './plan-cards';
import { usePlans } from './plans-api';
import { StaffGrant } from './staff-grant';

function Requests({ plans }: { plans: PlansWire }) {
  const t = useT();
  const fmt = useFormat();
  if (!plans.requests.length) return null;
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('premium.requests_title')}
      </Typography>
      {plans.requests.map((r) => (
        <Typography key={r.id} data-request={r.status}>
          {t('premium.request_line', { date: fmt.dateTime(r.created_at), status: r.status })}
        </Typography>
      ))}
    </Box>
  );
}

function PlansView({ withRequests }: { withRequests: boolean }) {
  const t = useT();
  const { data, isError } = usePlans();
  const operator = useSession()?.user.accountType === 'to';
  if (isError) return <Alert severity="error">{t('premium.load_failed')}</Alert>;
  if (!data) return <LinearProgress aria-label={t('premium.loading')} />;
  const pending = data.requests.some((r) => r.status === 'pending');
  return (
    <>
      <Alert severity={data.premium_active ? 'success' : 'info'} sx={{ mb: 3 }} data-testid="current-plan">
        {data.premium_active ? t('premium.on_premium') : t('premium.on_free')}
        {pending && ` ${t('premium.request_waiting')}`}
      </Alert>
      <PlanCards plans={data} photos={!operator} />
      {withRequests && <Requests plans={data} />}
      {!data.premium_active && !pending && (
        <Button component={RouterLink} to="/edit-paymentdetails" variant="contained">
          {t('premium.ask')}
        </Button>
      )}
    </>
  );
}

/** /premium-account: the current plan, what each plan allows and the account's upgrade requests. */
export function PremiumPage() {
  const t = useT();
  const staff = useSession()?.user.isStaff ?? false;
  return (
    <SettingsFrame title={t('premium.account_title')} intro={t('premium.account_intro')}>
      <PlansView withRequests />
      {staff && <StaffGrant />}
    </SettingsFrame>
  );
}

/** /packageitem: the plans (packages) side by side. */
export function PackagesPage() {
  const t = useT();
  return (
    <SettingsFrame
      title={t('premium.plans_title')}
      intro={t('premium.plans_intro')}
      back={{ to: '/premium-account', label: t('premium.account_title') }}
    >
      <PlansView withRequests={false} />
    </SettingsFrame>
  );
}
