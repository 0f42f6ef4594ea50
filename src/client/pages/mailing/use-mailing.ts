import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { errorMessages } from '../../api/errors';
import type { MailingContactWire, MailingListWire } from '../../../shared/generated/wire-types';
import { deleteContact, mailingKeys, useContacts, useGroups } from './mailing-api';

/**
 * /mailing-lists' groups: the list, the one chosen (?group=<id>), whether a new one is being
 * written, and what follows a save or a removal, so the page only draws.
 */
export function useMailingGroups() {
  const { data, isError } = useGroups();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const selectedId = Number(params.get('group')) || null;
  const selected = data?.find((g) => g.id === selectedId) ?? null;
  const select = (id: number | null) => setParams(id ? { group: String(id) } : {}, { replace: true });
  const saved = (g: MailingListWire) => {
    setCreating(false);
    void queryClient.invalidateQueries({ queryKey: mailingKeys.groups });
    select(g.id ?? null);
  };
  const deleted = () => {
    select(null);
    void queryClient.invalidateQueries({ queryKey: mailingKeys.groups });
  };
  return {
    groups: data,
    failed: isError,
    selected,
    select,
    creating,
    setCreating,
    deleting,
    setDeleting,
    saved,
    deleted,
  };
}

/**
 * A group's contacts: the list, the one being edited (an id, 'new' or none), the one whose Delete
 * was pressed once (a second press deletes), and the delete and reload after a change.
 */
export function useGroupContacts(group: number, canEdit: boolean) {
  const { data, isError } = useContacts(group, canEdit);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const reload = () => {
    setEditing(null);
    setConfirming(null);
    void queryClient.invalidateQueries({ queryKey: mailingKeys.contacts(group) });
    void queryClient.invalidateQueries({ queryKey: mailingKeys.groups });
  };
  const remove = (c: MailingContactWire) =>
    deleteContact(c.id!).then(reload, (e: unknown) =>
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' }),
    );
  return { contacts: data, failed: isError, editing, setEditing, confirming, setConfirming, reload, remove };
}
