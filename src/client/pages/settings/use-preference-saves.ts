import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import type { Doc } from '../../engine/core/form-store';
import type { PreferencesLayoutWire, PreferencesWire } from '../../../shared/generated/wire-types';

/** The account's preferences as the server answered a save, kept for every screen that reads them. */
function useKeepPreferences(): (answer: PreferencesWire) => void {
  const queryClient = useQueryClient();
  return (answer) => void queryClient.setQueryData(queryKeys.preferences, answer);
}

/** /edit-layoutsettings: the export layout's save, and the answer kept as the preferences. */
export function useLayoutSave() {
  return {
    send: (body: PreferencesLayoutWire) => unwrap(api.PUT('/api/settings/preferences/layout/edit/', { body })),
    saved: useKeepPreferences(),
  };
}

/** The preference pages' save: created when none exist yet, edited afterwards (spec 000 §4). */
export function usePreferencesSave() {
  return {
    send: (exists: boolean, body: Doc) =>
      exists
        ? unwrap(api.PUT('/api/settings/preferences/edit/', { body: body }))
        : unwrap(api.POST('/api/settings/preferences/create/', { body: body })),
    saved: useKeepPreferences(),
  };
}
