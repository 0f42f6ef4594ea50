import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { errorMessages } from '../../api/errors';
import { factsKeys, useProperties } from '../../api/properties';
import { portfolioKey } from '../../api/portfolio';
import { TABS, useFactsAccess } from '../facts/index';
import { useT } from '../../i18n';
import { deleteProperty } from './property-api';
import type { Property } from './types';

/**
 * /add-property's state: the account's properties, the one being edited or deleted, and what
 * follows a save or a delete (the lists read again; a new property goes straight to its facts).
 */
export function useAddProperty() {
  const access = useFactsAccess();
  const { data } = useProperties();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const [editing, setEditing] = useState<Property | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [deleting, setDeleting] = useState<Property | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: factsKeys.properties }),
      queryClient.invalidateQueries({ queryKey: portfolioKey }),
    ]);

  const navigate = useNavigate();
  const saved = (p: Property, added: boolean) => {
    enqueueSnackbar(t(added ? 'properties.added' : 'properties.saved', { name: p.hotel_name }), { variant: 'success' });
    // A new property's next step is its facts: straight into its editor's first tab.
    if (!editing) {
      void refresh();
      navigate(`/property/${p.id}/${TABS[0]!.key}`);
      return;
    }
    setEditing(null);
    setFormKey((k) => k + 1);
    void refresh();
  };
  const remove = async (p: Property) => {
    setDeleting(null);
    try {
      await deleteProperty(p.id);
      enqueueSnackbar(t('properties.deleted', { name: p.hotel_name }), { variant: 'success' });
      if (editing?.id === p.id) setEditing(null);
      void refresh();
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };
  return {
    access,
    properties: data,
    allowed: access?.properties === true,
    editing,
    setEditing,
    formKey,
    deleting,
    setDeleting,
    saved,
    remove,
  };
}
