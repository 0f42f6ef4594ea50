import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { useAbilities } from '../../session/use-can';
import { usePreferences } from '../../session/use-preferences';
import layoutForm from '../../../shared/generated/forms/preferences-layout';
import { preferencesLayoutNames } from '../../../shared/generated/name-maps';
import type { PreferencesLayoutWire, PreferencesWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from './settings-frame';
import { useFormSave } from './use-form-save';
import { keepFocus } from './keep-focus';

function LayoutForm({ preferences, canEdit }: { preferences: PreferencesWire; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const def = useMemo(() => asSection(layoutForm, preferencesLayoutNames), []);
  const [session] = useState(() => new FormSession(def, preferences));
  const { save, saving } = useFormSave(session, {
    send: (body: PreferencesLayoutWire) => unwrap(api.PUT('/api/settings/preferences/layout/edit/', { body })),
    onSaved: (answer) => queryClient.setQueryData(queryKeys.preferences, answer),
    done: 'The export layout is saved.',
  });
  return (
    <>
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Changing the export layout needs the “Manage Export Layout style” permission.
        </Alert>
      )}
      <DefinitionForm session={session} idPrefix="layout" readOnly={!canEdit} />
      {canEdit && (
        <Button variant="contained" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      )}
    </>
  );
}

/** /edit-layoutsettings: the export layout of fact sheets and the API (owner, or the export permission). */
export function LayoutSettingsPage() {
  const { data, isError } = usePreferences();
  const canEdit = useAbilities()?.can('export') ?? false;
  return (
    <SettingsFrame
      title="Export layout"
      intro="The style of your PDF fact sheets and of the facts your partners read through the API."
    >
      {isError && <Alert severity="error">The preferences could not be loaded. Reload the page to try again.</Alert>}
      {!data && !isError && <LinearProgress aria-label="Loading preferences" />}
      {data && <LayoutForm preferences={data} canEdit={canEdit} />}
    </SettingsFrame>
  );
}
