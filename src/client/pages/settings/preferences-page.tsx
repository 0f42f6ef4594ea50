import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { appearanceOf } from '../../app/appearance';
import { useColorMode } from '../../app/color-mode';
import { asSection, groupFields } from '../../engine/core/form-adapter';
import type { Doc } from '../../engine/core/form-store';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { useAbilities } from '../../session/use-can';
import { usePreferences } from '../../session/use-preferences';
import preferencesForm from '../../../shared/generated/forms/preferences';
import { preferencesNames } from '../../../shared/generated/name-maps';
import type { PreferencesWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from './settings-frame';
import { useFormSave } from './use-form-save';
import { keepFocus } from './keep-focus';

/** Shown, never sent: staff set the plan, Security turns two-factor sign-in on and off. */
const NOT_SENT = ['user', 'plan', 'twoFactorAuth'];

interface PageSpec {
  title: string;
  intro: string;
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
  const queryClient = useQueryClient();
  const { applyAccount } = useColorMode();
  const def = useMemo(() => asSection(preferencesForm, preferencesNames, { groups: spec.groups }), [spec]);
  const only = useMemo(() => groupFields(preferencesForm, spec.groups).filter((f) => !NOT_SENT.includes(f)), [spec]);
  const [session] = useState(() => new FormSession(def, preferences));
  const [exists, setExists] = useState((preferences.user ?? 0) > 0);
  const { save, saving } = useFormSave(session, {
    only,
    // Created when none exist yet, edited afterwards (spec 000 §4).
    send: (body: Doc) =>
      exists
        ? unwrap(api.PUT('/api/settings/preferences/edit/', { body: body }))
        : unwrap(api.POST('/api/settings/preferences/create/', { body: body })),
    onSaved: (answer) => {
      setExists(true);
      queryClient.setQueryData(queryKeys.preferences, answer);
      applyAccount(appearanceOf(answer), true);
    },
    done: 'Your preferences are saved.',
  });
  return (
    <>
      {!owner && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Only the account owner changes these preferences.
        </Alert>
      )}
      <DefinitionForm session={session} idPrefix="preferences" readOnly={!owner} />
      {owner && (
        <Button variant="contained" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      )}
    </>
  );
}

function PreferencesPage({ spec }: { spec: PageSpec }) {
  const { data, isError } = usePreferences();
  const owner = useAbilities()?.owner ?? false;
  return (
    <SettingsFrame title={spec.title} intro={spec.intro}>
      {isError && <Alert severity="error">The preferences could not be loaded. Reload the page to try again.</Alert>}
      {!data && !isError && <LinearProgress aria-label="Loading preferences" />}
      {data && <PreferencesForm spec={spec} preferences={data} owner={owner} />}
    </SettingsFrame>
  );
}

const GENERAL: PageSpec = {
  title: 'Preferences',
  intro:
    'How your account works with partners, and how the portal looks for everyone in your team: theme, layout and sidebar colour.',
  groups: ['preferences', 'appearance', 'plan'],
};
const NOTIFICATIONS: PageSpec = {
  title: 'Notifications',
  intro: 'What the notification bell tells you about.',
  groups: ['notifications'],
};
const MAILING: PageSpec = {
  title: 'Mailing details',
  intro: 'Where notifications are mailed, and which mails you receive.',
  groups: ['mailing'],
};

/** /edit-preference */
export const GeneralPreferencesPage = () => <PreferencesPage spec={GENERAL} />;
/** /edit-notifications */
export const NotificationsPage = () => <PreferencesPage spec={NOTIFICATIONS} />;
/** /edit-mailingdetails */
export const MailingDetailsPage = () => <PreferencesPage spec={MAILING} />;
