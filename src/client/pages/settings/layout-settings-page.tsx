import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { useAbilities } from '../../session/use-can';
import { usePreferences } from '../../session/use-preferences';
import layoutForm from '../../../shared/generated/forms/preferences-layout';
import { preferencesLayoutNames } from '../../../shared/generated/name-maps';
import type { PreferencesWire } from '../../../shared/generated/wire-types';
import { useT } from '../../i18n';
import { SettingsFrame } from '../../components/settings-frame';
import { useFormSave } from '../../components/use-form-save';
import { keepFocus } from '../../components/keep-focus';
import { useLayoutSave } from './use-preference-saves';

function LayoutForm({ preferences, canEdit }: { preferences: PreferencesWire; canEdit: boolean }) {
  const layout = useLayoutSave();
  const t = useT();
  const def = useMemo(() => asSection(layoutForm, preferencesLayoutNames), []);
  const [session] = useState(() => new FormSession(def, preferences));
  const { save, saving } = useFormSave(session, {
    send: layout.send,
    onSaved: layout.saved,
    done: t('settings.layout_saved'),
  });
  return (
    <>
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('settings.layout_needs_permission')}
        </Alert>
      )}
      <DefinitionForm session={session} idPrefix="layout" readOnly={!canEdit} />
      {canEdit && (
        <Button variant="contained" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
          {t(saving ? 'settings.saving' : 'settings.save')}
        </Button>
      )}
    </>
  );
}

/** /edit-layoutsettings: the export layout of fact sheets and the API (owner, or the export permission). */
export function LayoutSettingsPage() {
  const { data, isError } = usePreferences();
  const canEdit = useAbilities()?.can('export') ?? false;
  const t = useT();
  return (
    <SettingsFrame title={t('settings.layout_title')} intro={t('settings.layout_intro')}>
      {isError && <Alert severity="error">{t('settings.preferences_not_loaded')}</Alert>}
      {!data && !isError && <LinearProgress aria-label={t('settings.loading_preferences')} />}
      {data && <LayoutForm preferences={data} canEdit={canEdit} />}
    </SettingsFrame>
  );
}
