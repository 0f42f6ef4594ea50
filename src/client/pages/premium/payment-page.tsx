import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { useAbilities } from '../../session/use-can';
import requestForm from '../../../shared/generated/forms/premium-request';
import { premiumRequestNames } from '../../../shared/generated/name-maps';
import { SettingsFrame } from '../settings/settings-frame';
import { useFormSave } from '../settings/use-form-save';
import { plansKey, requestPremium, usePlans } from './plans-api';
import { keepFocus } from '../settings/keep-focus';

function RequestForm({ onSent }: { onSent(): void }) {
  const def = useMemo(() => asSection(requestForm, premiumRequestNames), []);
  const [session] = useState(() => new FormSession(def, {}));
  const { save, saving } = useFormSave(session, {
    send: requestPremium,
    shown: () => undefined,
    onSaved: onSent,
    done: 'Your upgrade request is sent to the Ananas team.',
  });
  return (
    <>
      <DefinitionForm session={session} idPrefix="premium-request" />
      <Button variant="contained" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
        {saving ? 'Sending…' : 'Send upgrade request'}
      </Button>
    </>
  );
}

/**
 * /edit-paymentdetails: where payment would happen. No payment is taken here and no card data is
 * ever asked for; the page says so and sends an upgrade request that Ananas staff grant.
 */
export function PaymentPage() {
  const { data, isError } = usePlans();
  const canAsk = useAbilities()?.can('premium_subscription') ?? false;
  const queryClient = useQueryClient();
  const pending = data?.requests.some((r) => r.status === 'pending') ?? false;
  return (
    <SettingsFrame title="Upgrade to Premium" back={{ to: '/premium-account', label: 'Premium account' }} width={800}>
      {isError && <Alert severity="error">The plans could not be loaded.</Alert>}
      {!data && !isError && <LinearProgress aria-label="Loading plans" />}
      {data && (
        <>
          <Alert severity="info" sx={{ mb: 3 }} data-testid="payment-note">
            {data.payment_note}
          </Alert>
          {data.premium_active && <Alert severity="success">Your account is Premium already.</Alert>}
          {!data.premium_active && pending && (
            <Alert severity="success">
              Your upgrade request is waiting for the Ananas team. They will contact you.
            </Alert>
          )}
          {!data.premium_active && !pending && !canAsk && (
            <Alert severity="warning">
              Sending an upgrade request needs the “Manage Premium Subscription” permission.
            </Alert>
          )}
          {!data.premium_active && !pending && canAsk && (
            <RequestForm onSent={() => void queryClient.invalidateQueries({ queryKey: plansKey })} />
          )}
        </>
      )}
    </SettingsFrame>
  );
}
