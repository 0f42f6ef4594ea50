import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { ApiFailure, errorMessages } from '../../api/errors';
import { asSection } from '../../engine/core/form-adapter';
import { FormStore, type Doc } from '../../engine/core/form-store';
import { fromWire, toWire, validateForSave } from '../../engine/core/validate';
import { FormSession } from '../../engine/views/form-session';
import { useT } from '../../i18n';
import overrideForm from '../../../shared/generated/forms/override-data';
import { overrideDataNames } from '../../../shared/generated/name-maps';
import locationSection from '../../../shared/generated/sections/location';
import type { OverrideDataWire, OverrideStateWire, OverrideWire } from '../../../shared/generated/wire-types';
import { operatorKeys, refreshWorkspace, saveOverrides, useOverrides } from './operator-api';

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** /overridefact/{id}'s read: the operator's overrides of the hotel, the hotel's data and what the contract allows. */
export function useOverrideState(id: number) {
  const state = useOverrides(id);
  return { data: state.data, failed: state.isError, error: state.error, version: state.dataUpdatedAt };
}

/**
 * The overrides being edited and their saves: the settings in a form, the location over the
 * hotel's, a note to the hotel; a save sends what differs from the hotel's, keep and drop answer
 * a change the hotel made to an approved override.
 */
export function useOverrideEditor(state: OverrideStateWire, id: number) {
  const t = useT();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const def = useMemo(() => asSection(overrideForm, overrideDataNames, { hide: ['location'] }), []);
  const [settings] = useState(() => new FormSession(def, state.data));
  // The location as the operator shows it: the hotel's published values with its own over them.
  const [location] = useState(
    () => new FormStore(fromWire(locationSection, { ...state.hotel_data.location, ...state.data.location })),
  );
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);

  /** The location fields that differ from the hotel's (wire names): the overrides to send. */
  const locationOverrides = (): Doc | undefined => {
    const doc = location.get();
    const problems = validateForSave(locationSection, doc);
    if (problems.issues.length) {
      location.setErrors(problems.fields, [t('operator.fields_need_attention')]);
      return undefined;
    }
    const wire = toWire(locationSection, doc);
    const hotel = state.hotel_data.location as Doc;
    return Object.fromEntries(
      Object.entries(wire).filter(
        ([k, v]) => k in hotel && !['id', 'hotel', 'version'].includes(k) && !same(v, hotel[k]),
      ),
    );
  };

  const send = async (data: OverrideDataWire, keep: string[] = []) => {
    setBusy(true);
    try {
      const answer = await saveOverrides({ hotel: id, data, comment, keep });
      queryClient.setQueryData(operatorKeys.overrides(id), answer);
      await refreshWorkspace(queryClient);
      const waiting = answer.overrides.filter((o) => o.status === 'pending').length;
      enqueueSnackbar(waiting ? t('operator.saved_waiting', { count: waiting }) : t('operator.saved'), {
        variant: 'success',
      });
    } catch (e) {
      if (e instanceof ApiFailure && e.status === 400) settings.failed(e);
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    const top = settings.body();
    const loc = locationOverrides();
    if (!top || !loc) return;
    void send({ ...top, location: loc });
  };
  const current = () => ({ ...(settings.body() ?? {}), location: locationOverrides() ?? {} });
  const keep = (o: OverrideWire) => void send(current(), [o.field]);
  const drop = (o: OverrideWire) => {
    const data: OverrideDataWire & { location: Doc } = current();
    if (o.field.startsWith('location.')) delete data.location[o.field.slice('location.'.length)];
    else Object.assign(data, { [o.field]: null });
    void send(data);
  };
  return { def, settings, location, comment, setComment, busy, save, keep, drop };
}
