import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { useFormat, useT } from '../../i18n';
import disableForm from '../../../shared/generated/forms/two-factor-disable';
import { twoFactorDisableNames } from '../../../shared/generated/name-maps';
import { useFormSave } from '../../components/use-form-save';
import { NewRecoveryCodes } from './new-recovery-codes';
import { RecoveryCodes } from './recovery-codes';
import { turnOff } from './security-api';
import { useTwoFactorState } from './use-security';
import { TwoFactorEnrol } from './two-factor-enrol';
import { keepFocus } from '../../components/keep-focus';

function TurnOff({ onDone }: { onDone(): void }) {
  const t = useT();
  const def = useMemo(() => asSection(disableForm, twoFactorDisableNames), []);
  const [session] = useState(() => new FormSession(def, {}));
  const { save, saving } = useFormSave(session, {
    send: turnOff,
    shown: () => ({}),
    onSaved: onDone,
    done: t('security.two_factor_off_done'),
  });
  return (
    <>
      <DefinitionForm session={session} idPrefix="two-factor-disable" />
      <Button variant="outlined" color="error" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
        {t('security.turn_off')}
      </Button>
    </>
  );
}

/**
 * Two-factor sign-in with an authenticator app: enrol, keep the recovery codes (and make new ones),
 * or turn it off. Each of these changes needs a fresh proof: a stale session is asked for it by the
 * step-up dialog (the password; the app's code once two-factor sign-in is on) and the change goes on.
 */
export function TwoFactorCard() {
  const fmt = useFormat();
  const t = useT();
  const {
    status: data,
    failed: isError,
    enrolment,
    setEnrolment,
    codes,
    setCodes,
    problem,
    refresh,
    start,
  } = useTwoFactorState();
  if (isError) return <Alert severity="error">{t('security.two_factor_not_loaded')}</Alert>;
  if (!data) return <LinearProgress aria-label={t('security.loading_two_factor')} />;
  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  if (enrolment) {
    const confirmed = (list: string[]) => {
      setEnrolment(null);
      setCodes(list);
      refresh();
    };
    return <TwoFactorEnrol enrolment={enrolment} onConfirmed={confirmed} onCancel={() => setEnrolment(null)} />;
  }
  return (
    <Box data-testid="two-factor-status" data-enabled={data.enabled}>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {data.enabled ? (
        <>
          <Alert severity="success" sx={{ mb: 2 }}>
            {data.enabled_at
              ? t('security.two_factor_on_since', { time: fmt.dateTime(data.enabled_at) })
              : t('security.two_factor_on')}{' '}
            {t('security.codes_left', { count: data.recovery_codes_left })}
          </Alert>
          <NewRecoveryCodes
            left={data.recovery_codes_left}
            onCodes={(list) => {
              setCodes(list);
              refresh();
            }}
          />
          <Typography color="text.secondary">{t('security.turn_off_help')}</Typography>
          <TurnOff onDone={refresh} />
        </>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{t('security.two_factor_off_help')}</Typography>
          <Button variant="contained" onClick={start}>
            {t('security.turn_on')}
          </Button>
        </>
      )}
    </Box>
  );
}
