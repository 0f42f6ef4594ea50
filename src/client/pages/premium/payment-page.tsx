import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { useT } from '../../i18n';
import { useAbilities } from '../../session/use-can';
import requestForm from '../../../shared/generated/forms/premium-request';
import { premiumRequestNames } from '../../../shared/generated/name-maps';
import { SettingsFrame } from '../../components/settings-frame';
import { useFormSave } from '../../components/use-form-save';
import { requestPremium, usePlans } from './plans-api';
import { usePlansRefresh } from './use-premium';
import { keepFocus } from '../../components/keep-focus';

function RequestForm({ onSent }: { onSent(): void }) {
  const t = useT();
  const def = useMemo(() => asSection(requestForm, premiumRequestNames), []);
  const [session] = useState(() => new FormSession(def, {}));
  const { save, saving } = useFormSave(session, {
    send: requestPremium,
    shown: () => undefined,
    onSaved: onSent,
    done: t('premium.request_sent'),
  });
  return (
    <>
      <DefinitionForm session={session} idPrefix="premium-request" />
      <Button variant="contained" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
        {saving ? t('premium.sending') : t('premium.send_request')}
      </Button>
    </>
  );
}

/**
 * /edit-paymentdetails: where payment would happen. No payment is taken here and no card data is
 * ever asked for; the page says so and sends an upgrade request that Ananas staff grant.
 */
export function PaymentPage() {
  const t = useT();
  const { data, isError } = usePlans();
  const canAsk = useAbilities()?.can('premium_subscription') ?? false;
  const refreshPlans = usePlansRefresh();
  const pending = data?.requests.some((r) => r.status === 'pending') ?? false;
  return (
    <SettingsFrame
      title={t('premium.upgrade_title')}
      back={{ to: '/premium-account', label: t('premium.account_title') }}
      width={800}
    >
      {isError && <Alert severity="error">{t('premium.load_failed')}</Alert>}
      {!data && !isError && <LinearProgress aria-label={t('premium.loading')} />}
      {data && (
        <>
          <Alert severity="info" sx={{ mb: 3 }} data-testid="payment-note">
            {data.payment_note}
          </Alert>
          {data.premium_active && <Alert severity="success">{t('premium.already_premium')}</Alert>}
          {!data.premium_active && pending && <Alert severity="success">{t('premium.request_waiting_contact')}</Alert>}
          {!data.premium_active && !pending && !canAsk && (
            <Alert severity="warning">{t('premium.needs_permission')}</Alert>
          )}
          {!data.premium_active && !pending && canAsk && <RequestForm onSent={refreshPlans} />}
        </>
      )}
    </SettingsFrame>
  );
}
