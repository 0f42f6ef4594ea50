import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatNotificationDate } from '../../format/dates';
import { useSession } from '../../session/session';
import type { PlansWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from '../settings/settings-frame';
import { PlanCards } from './plan-cards';
import { usePlans } from './plans-api';
import { StaffGrant } from './staff-grant';

function Requests({ plans }: { plans: PlansWire }) {
  if (!plans.requests.length) return null;
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Your upgrade requests
      </Typography>
      {plans.requests.map((r) => (
        <Typography key={r.id} data-request={r.status}>
          {formatNotificationDate(r.created_at)} UTC: Premium,{' '}
          {r.status === 'pending' ? 'waiting for the Ananas team' : 'granted'}
        </Typography>
      ))}
    </Box>
  );
}

function PlansView({ withRequests }: { withRequests: boolean }) {
  const { data, isError } = usePlans();
  const operator = useSession()?.user.accountType === 'to';
  if (isError) return <Alert severity="error">The plans could not be loaded.</Alert>;
  if (!data) return <LinearProgress aria-label="Loading plans" />;
  const pending = data.requests.some((r) => r.status === 'pending');
  return (
    <>
      <Alert severity={data.premium_active ? 'success' : 'info'} sx={{ mb: 3 }} data-testid="current-plan">
        {data.premium_active ? 'Your account is on the Premium plan.' : 'Your account is on the Free plan.'}
        {pending && ' Your upgrade request is waiting for the Ananas team.'}
      </Alert>
      <PlanCards plans={data} photos={!operator} />
      {withRequests && <Requests plans={data} />}
      {!data.premium_active && !pending && (
        <Button component={RouterLink} to="/edit-paymentdetails" variant="contained">
          Ask for Premium
        </Button>
      )}
    </>
  );
}

/** /premium-account: the current plan, what each plan allows and the account's upgrade requests. */
export function PremiumPage() {
  const staff = useSession()?.user.isStaff ?? false;
  return (
    <SettingsFrame title="Premium account" intro="Your plan and what it allows.">
      <PlansView withRequests />
      {staff && <StaffGrant />}
    </SettingsFrame>
  );
}

/** /packageitem: the plans (packages) side by side. */
export function PackagesPage() {
  return (
    <SettingsFrame
      title="Plans"
      intro="What the Free and Premium plans allow."
      back={{ to: '/premium-account', label: 'Premium account' }}
    >
      <PlansView withRequests={false} />
    </SettingsFrame>
  );
}
