import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { ApiFailure, errorMessages } from '../../api/errors';
import { asSection } from '../../engine/core/form-adapter';
import { FormSession } from '../../engine/views/form-session';
import { useT } from '../../i18n';
import mappingForm from '../../../shared/generated/forms/hotel-mapping';
import { hotelMappingRequestNames } from '../../../shared/generated/name-maps';
import type { HotelMappingWire } from '../../../shared/generated/wire-types';
import { draftOf, roomErrors, type Draft } from './mapping-drafts';
import { operatorKeys, refreshWorkspace, saveMapping, useMapping } from './operator-api';

/** /datamapping/{id}'s read: the operator's codes for the hotel and its rooms. */
export function useHotelMapping(id: number) {
  const mapping = useMapping(id);
  return { data: mapping.data, failed: mapping.isError, error: mapping.error, version: mapping.dataUpdatedAt };
}

/**
 * The mapping being edited and its save: the hotel's codes in a form, the rooms as drafts, the
 * refused codes shown at their rooms (or, a hotel code taken elsewhere, at the form's field).
 */
export function useMappingEditor(mapping: HotelMappingWire, id: number) {
  const t = useT();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const def = useMemo(() => asSection(mappingForm, hotelMappingRequestNames, { hide: ['hotel', 'rooms'] }), []);
  // The form holds the hotel's codes only: the rooms are the table's, the rest is the answer's.
  const [session] = useState(() => {
    const { rooms: _r, id: _i, user: _u, hotel_name: _n, updated_at: _t, ...codes } = mapping;
    return new FormSession(def, codes);
  });
  const [drafts, setDrafts] = useState<Draft[]>(() => mapping.rooms.map(draftOf));
  const [errors, setErrors] = useState<Map<number, string>>(new Map());
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const top = session.body();
    if (!top) return;
    const sent = drafts.filter((d) => d.mapped);
    setBusy(true);
    try {
      const body = { ...top, hotel: id, rooms: sent.map(({ mapped: _m, ...r }) => r) };
      const answer = await saveMapping(body);
      queryClient.setQueryData(operatorKeys.mapping(id), answer);
      await refreshWorkspace(queryClient);
      enqueueSnackbar(t('operator.mapping_saved'), { variant: 'success' });
    } catch (e) {
      // Errors name the index among the rooms sent: show them at those rooms.
      const byIndex = roomErrors(e);
      setErrors(new Map([...byIndex].map(([i, m]) => [sent[i]?.room ?? -1, m])));
      // A hotel's code taken elsewhere: the form marks its field and says why above it.
      if (e instanceof ApiFailure && e.status === 409 && !byIndex.size) session.failed(e);
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const change = (i: number, d: Draft) => setDrafts((all) => all.map((x, j) => (j === i ? d : x)));
  return { session, drafts, errors, busy, save, change };
}
