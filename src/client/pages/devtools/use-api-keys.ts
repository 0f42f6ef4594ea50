import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { errorMessages, fieldErrors } from '../../api/errors';
import type { ApiKeyWire } from '../../../shared/generated/wire-types';
import { deleteApiKey, devtoolsKeys, saveApiKey, useApiKeys, useWhitelists, type KeyFields } from './devtools-api';
import { useT } from '../../i18n';

/** A key's editable fields as the form holds them (a rotation is asked for separately). */
export const fieldsOf = (k: ApiKeyWire): KeyFields => ({
  title: k.title,
  description: k.description ?? '',
  domain: k.domain,
  expires_at: k.expires_at ?? null,
  fact_sheet: !!k.fact_sheet,
  stop_sale: !!k.stop_sale,
  hotel_photos: !!k.hotel_photos,
  rotate: false,
});

/**
 * The API keys of /dev-tools and the one being edited: the lists, save (create, edit, rotate) and
 * revoke, and the secret a save answers (shown once), so the section only draws.
 */
export function useApiKeyEditor() {
  const { data, isError } = useApiKeys();
  const whitelists = useWhitelists().data ?? [];
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const [editing, setEditing] = useState<{ id?: number; fields: KeyFields } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: devtoolsKeys.keys });
  const send = async (id: number | undefined, fields: KeyFields) => {
    try {
      const answer = await saveApiKey(id, fields);
      setEditing(null);
      setErrors({});
      refresh();
      if (answer.token) setSecret(answer.token);
      else enqueueSnackbar(t('devtools.key_saved'), { variant: 'success' });
    } catch (e) {
      setErrors(fieldErrors(e));
      if (!editing) enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };
  const revoke = async (k: ApiKeyWire) => {
    await deleteApiKey(k.id!);
    refresh();
    enqueueSnackbar(t('devtools.key_revoked', { prefix: k.prefix ?? '' }), { variant: 'success' });
  };
  const set = (patch: Partial<KeyFields>) =>
    editing && setEditing({ ...editing, fields: { ...editing.fields, ...patch } });
  const cancel = () => {
    setEditing(null);
    setErrors({});
  };
  return {
    keys: data,
    failed: isError,
    whitelists,
    editing,
    setEditing,
    set,
    cancel,
    errors,
    secret,
    closeSecret: () => setSecret(null),
    send,
    revoke,
  };
}
