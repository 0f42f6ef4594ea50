import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { useSignOut } from '../../session/use-sign-out';
import { useLoading } from '../../components/loading-overlay';
import type { SetEmailWire, SetPasswordWire } from '../../../shared/generated/wire-types';
import { useT } from '../../i18n';
import { useCredentialChange } from './use-credential-change';

/** The profile's change of e-mail address (the new one twice, and the password). */
export function useEmailChange() {
  const t = useT();
  return useCredentialChange(
    (body: SetEmailWire) => unwrap(api.POST('/api/auth/users/set_email/', { body })),
    (v) => ({
      current_password: v.current_password ?? '',
      new_email: v.new_email ?? '',
      re_new_email: v.re_new_email ?? '',
    }),
    t('profile.email_changed'),
    {
      new_email: t('profile.new_email'),
      re_new_email: t('profile.repeat_new_email'),
      current_password: t('profile.current_password'),
    },
  );
}

/** The profile's change of password (the current one, and the new one twice). */
export function usePasswordChange() {
  const t = useT();
  return useCredentialChange(
    (body: SetPasswordWire) => unwrap(api.POST('/api/auth/users/set_password/', { body })),
    (v) => ({
      current_password: v.current_password ?? '',
      new_password: v.new_password ?? '',
      re_new_password: v.re_new_password ?? '',
    }),
    t('profile.password_changed'),
    {
      current_password: t('profile.current_password'),
      new_password: t('profile.new_password'),
      re_new_password: t('profile.repeat_new_password'),
    },
  );
}

/** Deactivation with the password: on success it says so and signs out (every session ends). */
export function useDeactivation(onError: (error: unknown) => void) {
  const signOut = useSignOut();
  const { enqueueSnackbar } = useSnackbar();
  const track = useLoading();
  const t = useT();
  const deactivate = useMutation({
    mutationFn: (current_password: string) =>
      track(unwrap(api.PATCH('/api/auth/users/me/change/', { body: { current_password } }))),
    onSuccess: () => {
      enqueueSnackbar(t('profile.deactivated'), { variant: 'info' });
      signOut('deactivated');
    },
    onError,
  });
  return { deactivate: deactivate.mutate, pending: deactivate.isPending };
}
