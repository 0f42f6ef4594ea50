import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiFailure, errorMessages } from '../../api/errors';
import { asSection } from '../../engine/core/form-adapter';
import { FormStore, type Doc } from '../../engine/core/form-store';
import { fromWire, toWire, validateForSave } from '../../engine/core/validate';
import { useOptionLabels } from '../../engine/data/use-option-labels';
import { LabelsContext } from '../../engine/form/engine-context';
import { SectionForm } from '../../engine/form/section-form';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { useAbilities } from '../../session/use-can';
import overrideForm from '../../../shared/generated/forms/override-data';
import { overrideDataNames } from '../../../shared/generated/name-maps';
import locationSection from '../../../shared/generated/sections/location';
import type { OverrideDataWire, OverrideStateWire, OverrideWire } from '../../../shared/generated/wire-types';
import { formatNotificationDate } from '../../format/dates';
import { SettingsFrame } from '../settings/settings-frame';
import { operatorKeys, saveOverrides, useOverrides, refreshWorkspace } from './operator-api';

const MODE_WORDS = {
  direct: 'apply at once',
  approval: 'wait for the hotel’s approval',
  none: 'are not allowed',
} as const;
const STATUS_COLOURS = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
  replaced: 'default',
} as const;
/** The operator's own settings for the hotel the contract may refuse (their reasons are shown in the allowance). */
const SETTING_REASONS = ['add_logo', 'remove_property_logo', 'sync_stop_sale', 'allow_on_request'] as const;
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What the contract lets the operator do: per way a change goes, the fields and groups it covers. */
function Allowance({ state }: { state: OverrideStateWire }) {
  const a = state.permissions;
  const lines = (['direct', 'approval', 'none'] as const)
    .map((mode) => {
      const fields = a.fields.filter((f) => f.mode === mode);
      // Location fields by their group ("Distances"), the others by name.
      const names = [...new Set(fields.map((f) => (f.field.startsWith('location.') ? f.group : f.label)))];
      return { mode, names };
    })
    .filter((l) => l.names.length);
  return (
    <Alert
      severity={a.hotel_allows && a.edit_facts !== 'N' ? 'info' : 'warning'}
      sx={{ mb: 2 }}
      data-testid="allowance"
    >
      {a.reasons.facts && (
        <div data-testid="refusal-reason">{a.reasons.facts} Only your own settings for it can change now.</div>
      )}
      <div>
        Moderation level {a.moderation} ({a.moderation_code ?? 'Undefined'}).
      </div>
      {lines.map((l) => (
        <div key={l.mode}>
          Changes to {l.names.join(', ')} {MODE_WORDS[l.mode]}.
        </div>
      ))}
      {/* Why each of your settings is refused, and who can change it. */}
      {SETTING_REASONS.map((k) => a.reasons[k])
        .filter(Boolean)
        .map((why) => (
          <div key={why} data-testid="refusal-reason">
            {why}
          </div>
        ))}
    </Alert>
  );
}

function History({
  overrides,
  onKeep,
  onDrop,
}: {
  overrides: OverrideWire[];
  onKeep(o: OverrideWire): void;
  onDrop(o: OverrideWire): void;
}) {
  if (!overrides.length)
    return <Typography color="text.secondary">You have not overridden anything of this hotel.</Typography>;
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Your overrides">
        <TableHead>
          <TableRow>
            <TableCell>Field</TableCell>
            <TableCell>Yours</TableCell>
            <TableCell>The hotel’s</TableCell>
            <TableCell>State</TableCell>
            <TableCell>When (UTC)</TableCell>
            <TableCell>Notes</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {overrides.map((o) => (
            <TableRow key={o.id} data-override={o.field} data-status={o.status}>
              <TableCell>{o.label}</TableCell>
              <TableCell>{o.value_text || '—'}</TableCell>
              <TableCell>
                {o.hotel_value_text || '—'}
                {o.drift_value_text !== null && o.status === 'approved' && (
                  <Box sx={{ mt: 0.5 }}>
                    <Chip size="small" color="error" label={`Now: ${o.drift_value_text || '—'}`} />
                    <Button size="small" onClick={() => onKeep(o)}>
                      Keep mine
                    </Button>
                    <Button size="small" onClick={() => onDrop(o)}>
                      Use the hotel’s
                    </Button>
                  </Box>
                )}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={STATUS_COLOURS[o.status]}
                  label={o.status === 'pending' ? 'Waiting for the hotel' : o.status}
                />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatNotificationDate(o.decided_at ?? o.created_at)}
              </TableCell>
              <TableCell>
                {[o.comment, o.decision_comment && `Hotel: ${o.decision_comment}`].filter(Boolean).join(' · ')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function Editor({ state, id }: { state: OverrideStateWire; id: number }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const canSave = useAbilities()?.can('partner_connections') ?? false;
  const labels = useOptionLabels();
  const def = useMemo(() => asSection(overrideForm, overrideDataNames, { hide: ['location'] }), []);
  const [settings] = useState(() => new FormSession(def, state.data));
  // The location as the operator shows it: the hotel's published values with its own over them.
  const [location] = useState(
    () => new FormStore(fromWire(locationSection, { ...state.hotel_data.location, ...state.data.location })),
  );
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const noFacts = !state.permissions.hotel_allows || state.permissions.edit_facts === 'N';

  /** The location fields that differ from the hotel's (wire names): the overrides to send. */
  const locationOverrides = (): Doc | undefined => {
    const doc = location.get();
    const problems = validateForSave(locationSection, doc);
    if (problems.issues.length) {
      location.setErrors(problems.fields, ['Some fields need your attention:']);
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
      enqueueSnackbar(waiting ? `Saved. ${waiting} change(s) wait for the hotel's approval.` : 'Saved.', {
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

  return (
    <>
      <Allowance state={state} />
      <DefinitionForm session={settings} idPrefix="override" readOnly={!canSave} />
      <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
        Location and beach
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The hotel’s published values, with yours where you changed them. A field set back to the hotel’s value is no
        longer overridden.
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
            label="Note to the hotel"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            size="small"
            sx={{ flex: 1, maxWidth: 520 }}
          />
          <Button variant="contained" onClick={save} disabled={busy}>
            Save overrides
          </Button>
        </Stack>
      )}
      {!canSave && (
        <Alert severity="info" sx={{ my: 2 }}>
          Changing overrides needs the “partner connections” permission.
        </Alert>
      )}
      {busy && <LinearProgress aria-label="Saving" />}
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Your overrides
      </Typography>
      <History overrides={state.overrides} onKeep={keep} onDrop={drop} />
    </>
  );
}

/** /overridefact/{id}: the operator's own version of a contracted hotel, moderated by the hotel. */
export function OverridePage() {
  const id = Number(useParams().id);
  const state = useOverrides(id);
  return (
    <SettingsFrame
      title="Your version of the hotel"
      intro={`${state.data?.hotel_data.hotel_name ?? ''} · what your fact sheets, exports and API show instead of the hotel's own facts. The hotel's facts never change.`}
      back={{ to: `/fact-sheet/${id}`, label: 'Fact sheet' }}
      width={1200}
    >
      {state.isError && <Alert severity="error">{errorMessages(state.error).join(' ')}</Alert>}
      {!state.data && !state.isError && <LinearProgress aria-label="Loading your overrides" />}
      {state.data && <Editor key={state.dataUpdatedAt} state={state.data} id={id} />}
    </SettingsFrame>
  );
}
