import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { formValues } from '../../forms/form-values';
import { useServerErrors } from '../../forms/use-server-errors';
import { useReloadUser } from './use-profile';

/**
 * A signed-in change of e-mail or password: the form's fields become the body, server errors go
 * to the fields (named in the list above the form by `labels`, as the form labels them), and on
 * success the form is cleared (no secret left in it) and the user reloaded.
 */
export function useCredentialChange<Body>(
  send: (body: Body) => Promise<unknown>,
  toBody: (values: Record<string, string>) => Body,
  doneMessage: string,
  labels: Readonly<Record<string, string>> = {},
) {
  const errors = useServerErrors(labels);
  const reloadUser = useReloadUser();
  const { enqueueSnackbar } = useSnackbar();
  const change = useMutation({ mutationFn: send, onError: errors.set });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const body = toBody(formValues(event));
    errors.clear();
    change.mutate(body, {
      onSuccess: () => {
        form.reset();
        enqueueSnackbar(doneMessage, { variant: 'success' });
        reloadUser().catch(() => undefined);
      },
    });
  };
  return { errors, submit, pending: change.isPending };
}
