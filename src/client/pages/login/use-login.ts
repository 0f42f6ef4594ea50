import { useState, type FormEvent } from 'react';
import { ApiFailure, fieldErrors } from '../../api/errors';
import { formValues } from '../../forms/form-values';
import { useServerErrors } from '../../forms/use-server-errors';
import { signOutNotice } from '../../session/sign-out-notice';
import { useLoginBan } from './login-ban';
import { needsSecondFactor } from './two-factor';
import { useSignIn } from './use-sign-in';

/**
 * The sign-in page's steps: the password, then (when two-factor sign-in is on) the code, holding
 * what was typed; nothing is sent while a ban for too many attempts lasts.
 */
export function useLogin() {
  const [reason] = useState(signOutNotice.current);
  const banEndsAt = useLoginBan();
  const errors = useServerErrors();
  const signIn = useSignIn();
  // The password was right and two-factor sign-in is on: the code step, holding what was typed.
  const [second, setSecond] = useState<{ email: string; password: string; codeError?: string } | null>(null);
  const blocked = banEndsAt !== null;
  const failed = (e: unknown) => !(e instanceof ApiFailure && e.status === 429) && errors.set(e);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const { email = '', password = '' } = formValues(event);
    if (blocked) return;
    errors.clear();
    signIn.mutate(
      { email, password },
      { onError: (e) => (needsSecondFactor(e) ? setSecond({ email, password }) : failed(e)) },
    );
  };
  const sendCode = (code: string) => {
    if (!second || blocked) return;
    errors.clear();
    const { email, password } = second;
    signIn.mutate(
      { email, password, code },
      {
        onError: (e) =>
          needsSecondFactor(e) ? setSecond({ email, password, codeError: fieldErrors(e).code }) : failed(e),
      },
    );
  };
  return {
    reason,
    banEndsAt,
    blocked,
    busy: signIn.isPending,
    errors,
    second,
    submit,
    sendCode,
    back: () => setSecond(null),
  };
}
