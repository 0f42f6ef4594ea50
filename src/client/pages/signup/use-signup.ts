import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { formValues } from '../../forms/form-values';
import { useServerErrors } from '../../forms/use-server-errors';
import type { RegisterRequestWire } from '../../../shared/generated/wire-types';
import { useT } from '../../i18n';
import type { AccountType } from './account-type-field';

/** The sign-up form's state and its one write: the registration, with the server's errors by field. */
export function useSignup() {
  const [accountType, setAccountType] = useState<AccountType>('accommodation');
  const [agreed, setAgreed] = useState(false);
  const t = useT();
  // The list above the form names each field as the form labels it.
  const errors = useServerErrors({
    first_name: t('signup.first_name'),
    last_name: t('signup.last_name'),
    company: t('signup.company'),
    email: t('common.email'),
    password: t('common.password'),
    re_password: t('common.repeat_password'),
  });
  const register = useMutation({
    mutationFn: (body: RegisterRequestWire) => unwrap(api.POST('/api/auth/users/', { body })),
    onError: errors.set,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const v = formValues(event);
    errors.clear();
    register.mutate({
      account_type: accountType,
      first_name: v.first_name ?? '',
      last_name: v.last_name ?? '',
      company: v.company ?? '',
      email: v.email ?? '',
      password: v.password ?? '',
      re_password: v.re_password ?? '',
      agreement: agreed,
    });
  };
  return {
    accountType,
    setAccountType,
    agreed,
    setAgreed,
    errors,
    submit,
    pending: register.isPending,
    /** The registered address once the account is made. */
    registered: register.isSuccess ? register.data.email : null,
  };
}
