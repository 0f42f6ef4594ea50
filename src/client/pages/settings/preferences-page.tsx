import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { appearanceOf } from '../../theme/appearance';
import { useColorMode } from '../../theme/color-mode';
import { asSection, groupFields } from '../../engine/core/form-adapter';
import type { Doc } from '../../engine/core/form-store';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { useAbilities } from '../../session/use-can';
import { usePreferences } from '../../session/use-preferences';
import preferencesForm from '../../../shared/generated/forms/preferences';
import { preferencesNames } from '../../../shared/generated/name-maps';
import type { PreferencesWire } from '../../../shared/generated/wire-types';
import { useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';
import { SettingsFrame } from '../../components/settings-frame';
import { useFormSave } from '../../components/use-form-save';
import { keepFocus } from '../../components/keep-focus';
import { usePreferencesSave } from './use-preference-saves';

/** Shown, never sent: staff set the plan, Security turns two-factor sign-in on and off. */
const NOT_SENT = ['user', 'plan', 'twoFactorAuth'];

interface PageSpec {
  title: MessageKey;
  intro: MessageKey;
  groups: readonly string[];
}

function PreferencesForm({
  spec,
  preferences,
  owner,
}: {
  spec: PageSpec;
  preferences: PreferencesWire;
  owner: boolean;
}) {
  const preferencesSave = usePreferencesSave();
  const t = useT();
  const { applyAccount } = useColorMode();
  const def = useMemo(() => asSection(preferencesForm, preferencesNames, { groups: spec.groups }), [spec]);
  const only = useMemo(() => groupFields(preferencesForm, spec.groups).filter((f) => !NOT_SENT.includes(f)), [spec]);
  const [session] = useState(() => new FormSession(def, preferences));
  const [exists, setExists] = useState((preferences.user ?? 0) > 0);
  const { save, saving } = useFormSave(session, {
    only,
    // Created when none exist yet, edited afterwards (spec 000 §4).
    send: (body: Doc) => preferencesSave.send(exists, body),
    onSaved: (answer) => {
      setExists(true);
      preferencesSave.saved(answer);
      applyAccount(appearanceOf(answer), true);
    },
    done: t('settings.preferences_saved'),
  });
  return (
    <>
      {!owner && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('settings.owner_only')}
        </Alert>
      )}
      <DefinitionForm session={session} idPrefix="preferences" readOnly={!owner} />
      {owner && (
        <Button variant="contained" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
          {t(saving ? 'settings.saving' : 'settings.save')}
        </Button>
      )}
    </>
  );
}

function PreferencesPage({ spec }: { spec: PageSpec }) {
  const { data, isError } = usePreferences();
  const owner = useAbilities()?.owner ?? false;
  const t = useT();
  return (
    <SettingsFrame title={t(spec.title)} intro={t(spec.intro)}>
      {isError && <Alert severity="error">{t('settings.preferences_not_loaded')}</Alert>}
      {!data && !isError && <LinearProgress aria-label={t('settings.loading_preferences')} />}
      {data && <PreferencesForm spec={spec} preferences={data} owner={owner} />}
    </SettingsFrame>
  );
}

const GENERAL: PageSpec = {
  title: 'settings.preferences_title',
  intro: 'settings.preferences_intro',
  groups: ['preferences', 'appearance', 'plan'],
};
const NOTIFICATIONS: PageSpec = {
  title: 'settings.notifications_title',
  intro: 'settings.notifications_intro',
  groups: ['notifications'],
};
const MAILING: PageSpec = {
  title: 'settings.mailing_title',
  intro: 'settings.mailing_intro',
  groups: ['mailing'],
};

/** /edit-preference */
export const GeneralPreferencesPage = () => <PreferencesPage spec={GENERAL} />;
/** /edit-notifications */
export const NotificationsPage = () => <PreferencesPage spec={NOTIFICATIONS} />;
/** /edit-mailingdetails */
export const MailingDetailsPage = () => <PreferencesPage spec={MAILING} />;
