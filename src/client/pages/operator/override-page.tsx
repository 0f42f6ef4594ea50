import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { useOptionLabels } from '../../engine/data/use-option-labels';
import { LabelsContext } from '../../engine/form/engine-context';
import { SectionForm } from '../../engine/form/section-form';
import { DefinitionForm } from '../../engine/views/definition-form';
import { useAbilities } from '../../session/use-can';
import locationSection from '../../../shared/generated/sections/location';
import type { OverrideStateWire } from '../../../shared/generated/wire-types';
import { useT } from '../../i18n';
import { SettingsFrame } from '../../components/settings-frame';
import { Allowance } from './override-allowance';
import { History } from './override-history';
import { useOverrideNames } from './override-names';
import { useOverrideEditor, useOverrideState } from './use-override';

function Editor({ state, id }: { state: OverrideStateWire; id: number }) {
  const t = useT();
  const canSave = useAbilities()?.can('partner_connections') ?? false;
  const labels = useOptionLabels();
  const { def, settings, location, comment, setComment, busy, save, keep, drop } = useOverrideEditor(state, id);
  const names = useOverrideNames(def);
  const noFacts = !state.permissions.hotel_allows || state.permissions.edit_facts === 'N';

  return (
    <>
      <Allowance state={state} names={names} />
      <DefinitionForm session={settings} idPrefix="override" readOnly={!canSave} />
      <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
        {t('operator.location_and_beach')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('operator.location_intro')}
      </Typography>
      <LabelsContext.Provider value={labels}>
        <SectionForm
          def={locationSection}
          store={location}
          readOnly={!canSave || noFacts}
          idPrefix="override-location"
          onBlurField={() => undefined}
        />
      </LabelsContext.Provider>
      {canSave && (
        <Stack direction="row" spacing={2} sx={{ my: 2, alignItems: 'center' }}>
          <TextField
            label={t('operator.note_to_hotel')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            size="small"
            sx={{ flex: 1, maxWidth: 520 }}
          />
          <Button variant="contained" onClick={save} disabled={busy}>
            {t('operator.save_overrides')}
          </Button>
        </Stack>
      )}
      {!canSave && (
        <Alert severity="info" sx={{ my: 2 }}>
          {t('operator.needs_partner_permission')}
        </Alert>
      )}
      {busy && <LinearProgress aria-label={t('operator.saving')} />}
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {t('operator.your_overrides')}
      </Typography>
      <History overrides={state.overrides} names={names} onKeep={keep} onDrop={drop} />
    </>
  );
}

/** /overridefact/{id}: the operator's own version of a contracted hotel, moderated by the hotel. */
export function OverridePage() {
  const t = useT();
  const id = Number(useParams().id);
  const state = useOverrideState(id);
  return (
    <SettingsFrame
      title={t('operator.override_title')}
      intro={t('operator.override_intro', { name: state.data?.hotel_data.hotel_name ?? '' })}
      back={{ to: `/fact-sheet/${id}`, label: t('operator.fact_sheet') }}
      width={1200}
    >
      {state.failed && <Alert severity="error">{errorMessages(state.error).join(' ')}</Alert>}
      {!state.data && !state.failed && <LinearProgress aria-label={t('operator.loading_overrides')} />}
      {state.data && <Editor key={state.version} state={state.data} id={id} />}
    </SettingsFrame>
  );
}
