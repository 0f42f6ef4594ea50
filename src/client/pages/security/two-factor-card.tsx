import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { formatNotificationDate } from '../../format/dates';
import disableForm from '../../../shared/generated/forms/two-factor-disable';
import { twoFactorDisableNames } from '../../../shared/generated/name-maps';
import type { TwoFactorEnrolmentWire } from '../../../shared/generated/wire-types';
import { useFormSave } from '../settings/use-form-save';
import { RecoveryCodes } from './recovery-codes';
import { securityKeys, startEnrolment, turnOff, useTwoFactor } from './security-api';
import { TwoFactorEnrol } from './two-factor-enrol';
import { keepFocus } from '../settings/keep-focus';

function TurnOff({ onDone }: { onDone(): void }) {
  const def = useMemo(() => asSection(disableForm, twoFactorDisableNames), []);
  const [session] = useState(() => new FormSession(def, {}));
  const { save, saving } = useFormSave(session, {
    send: turnOff,
    shown: () => ({}),
    onSaved: onDone,
    done: 'Two-factor sign-in is off.',
  });
  return (
    <>
      <DefinitionForm session={session} idPrefix="two-factor-disable" />
      <Button variant="outlined" color="error" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
        Turn two-factor sign-in off
      </Button>
    </>
  );
}

/** Two-factor sign-in with an authenticator app: enrol, keep the recovery codes, or turn it off. */
export function TwoFactorCard() {
  const { data, isError } = useTwoFactor();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolmentWire | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor });
    void queryClient.invalidateQueries({ queryKey: queryKeys.preferences });
  };
  const start = () => {
    setProblem(null);
    startEnrolment().then(setEnrolment, (e: unknown) => setProblem(errorMessages(e).join(' ')));
  };
  if (isError) return <Alert severity="error">The two-factor settings could not be loaded.</Alert>;
  if (!data) return <LinearProgress aria-label="Loading two-factor sign-in" />;
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
            Two-factor sign-in is on{data.enabled_at ? ` since ${formatNotificationDate(data.enabled_at)} UTC` : ''}.{' '}
            {data.recovery_codes_left} unused recovery
            {data.recovery_codes_left === 1 ? ' code' : ' codes'} left.
          </Alert>
          <Typography color="text.secondary">To turn it off, enter your password.</Typography>
          <TurnOff onDone={refresh} />
        </>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>
            Two-factor sign-in is off. Turn it on to be asked, after your password, for a code from an authenticator app
            on your phone.
          </Typography>
          <Button variant="contained" onClick={start}>
            Turn on two-factor sign-in
          </Button>
        </>
      )}
    </Box>
  );
}
