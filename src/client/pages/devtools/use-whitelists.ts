import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { errorMessages, fieldErrors } from '../../api/errors';
import type { WhitelistWire } from '../../../shared/generated/wire-types';
import { deleteWhitelist, devtoolsKeys, saveWhitelist, useWhitelists } from './devtools-api';
import { useT } from '../../i18n';

/** The whitelist entries of /dev-tools and the one being edited: the list, its save and delete, so the section only draws. */
export function useWhitelistEntries() {
  const { data, isError } = useWhitelists();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const [editing, setEditing] = useState<Partial<WhitelistWire> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => void queryClient.invalidateQueries({ queryKey: devtoolsKeys.whitelists });
  const save = async () => {
    if (!editing) return;
    try {
      await saveWhitelist(editing.id, { name: editing.name ?? '', domain: editing.domain ?? '' });
      setEditing(null);
      setErrors({});
      refresh();
      enqueueSnackbar(t('devtools.whitelist_saved'), { variant: 'success' });
    } catch (e) {
      setErrors(fieldErrors(e));
    }
  };
  const remove = async (w: WhitelistWire) => {
    try {
      await deleteWhitelist(w.id!);
      refresh();
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };
  const cancel = () => {
    setEditing(null);
    setErrors({});
  };
  return { whitelists: data, failed: isError, editing, setEditing, errors, save, remove, cancel };
}
