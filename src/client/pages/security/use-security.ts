import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { errorMessages } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { useT } from '../../i18n';
import { useSignOut } from '../../session/use-sign-out';
import type { TwoFactorEnrolmentWire } from '../../../shared/generated/wire-types';
import { endSession, securityKeys, startEnrolment, useSessions, useTwoFactor } from './security-api';

/** My active sessions, and ending one (this one signs me out), one at a time. */
export function useSessionList() {
  const t = useT();
  const { data, isError } = useSessions();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState<number | null>(null);
  const end = async (id: number, current: boolean) => {
    setBusy(id);
    try {
      await endSession(id);
      if (current) return signOut('signed-out');
      enqueueSnackbar(t('security.session_ended'), { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return { sessions: data, failed: isError, busy, end };
}

/**
 * Two-factor sign-in as the card shows it: on or off, an enrolment under way, recovery codes to
 * keep, a problem starting; `refresh` asks again after a change (the preferences say it too).
 */
export function useTwoFactorState() {
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
  return { status: data, failed: isError, enrolment, setEnrolment, codes, setCodes, problem, refresh, start };
}
