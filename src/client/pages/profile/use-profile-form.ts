import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { useServerErrors } from '../../forms/use-server-errors';
import type { User } from '../../../shared/generated/client-types';
import type { ProfileUpdateWire } from '../../../shared/generated/wire-types';
import { useT } from '../../i18n';
import { useStoreUser } from './use-profile';

export type ProfileFields = Required<
  Pick<ProfileUpdateWire, 'username' | 'first_name' | 'last_name' | 'phone' | 'title' | 'country'>
> & { language: string };

const fieldsOf = (u: User): ProfileFields => ({
  username: u.username,
  first_name: u.firstName,
  last_name: u.lastName,
  phone: u.phone,
  title: u.title,
  country: u.country,
  language: u.language,
});

/** The profile form's edits and their save: only the fields that changed are sent, the answer becomes the session's user. */
export function useProfileForm(user: User) {
  const [values, setValues] = useState<ProfileFields>(() => fieldsOf(user));
  const errors = useServerErrors();
  const storeUser = useStoreUser();
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const save = useMutation({
    mutationFn: (body: ProfileUpdateWire) => unwrap(api.PATCH('/api/auth/profile/update', { body })),
    onSuccess: (wire) => {
      storeUser(wire);
      enqueueSnackbar(t('profile.saved'), { variant: 'success' });
    },
    onError: errors.set,
  });
  const saved = fieldsOf(user);
  const changed = (Object.keys(values) as (keyof ProfileFields)[]).filter((k) => values[k] !== saved[k]);
  const set = (name: keyof ProfileFields) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    errors.clear();
    save.mutate(Object.fromEntries(changed.map((k) => [k, values[k]])) as ProfileUpdateWire);
  };
  const undo = () => {
    setValues(saved);
    errors.clear();
  };
  return { values, errors, set, submit, undo, changed: changed.length > 0, pending: save.isPending };
}
