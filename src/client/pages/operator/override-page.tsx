import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import { ScrollTable } from '../../components/scroll-table';
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
import { useLocalDefinition } from '../../engine/texts/use-schema-texts';
import type { SectionDefinition } from '../../../shared/section-types';
import {
  OPERATOR_ACTION_TERMS,
  OVERRIDE_SETTING_ACTIONS,
  type OperatorAction,
} from '../../../shared/generated/value-lists';
import { useAbilities } from '../../session/use-can';
import overrideForm from '../../../shared/generated/forms/override-data';
import { overrideDataNames } from '../../../shared/generated/name-maps';
import locationSection from '../../../shared/generated/sections/location';
import type { OverrideDataWire, OverrideStateWire, OverrideWire } from '../../../shared/generated/wire-types';
import { useFormat, useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';
import { SettingsFrame } from '../../components/settings-frame';
import { operatorKeys, saveOverrides, useOverrides, refreshWorkspace } from './operator-api';
import { useContractLabels } from '../partners/index';

const MODE_WORDS: Record<'direct' | 'approval' | 'none', MessageKey> = {
  direct: 'operator.mode_direct',
  approval: 'operator.mode_approval',
  none: 'operator.mode_none',
};
const STATUS_WORDS: Record<OverrideWire['status'], MessageKey> = {
  pending: 'operator.own_photo_pending',
  approved: 'operator.status_approved',
  rejected: 'operator.status_rejected',
  withdrawn: 'operator.status_withdrawn',
  replaced: 'operator.status_replaced',
};
const STATUS_COLOURS = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
  replaced: 'default',
} as const;
/**
 * The operator's own settings for the hotel the contract may refuse (their reasons are shown in the
 * allowance): the actions governing the override document's settings, in the contract's order.
 */
const SETTING_ACTIONS: ReadonlySet<string> = new Set(Object.values(OVERRIDE_SETTING_ACTIONS));
const SETTING_REASONS = (Object.keys(OPERATOR_ACTION_TERMS) as OperatorAction[]).filter(
  (a): a is Exclude<OperatorAction, 'edit_facts'> => SETTING_ACTIONS.has(a),
);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

type Groups = readonly { title?: string }[] | undefined;
const groupsOf = (def: SectionDefinition): Groups => (def.schema['x-ui'] as { groups?: Groups } | undefined)?.groups;

interface OverrideNames {
  /** An overridden field (override-data wire path, location.<field> for the location's) by its title. */
  field(f: { field: string; label: string }): string;
  /** An allowance entry: a location field by its group ("Distances"), the others by title. */
  allowance(f: OverrideStateWire['permissions']['fields'][number]): string;
}

/**
 * Overridden fields and the allowance's groups named in the interface's language: the override
 * form's and the location section's titles as their forms show them (the server names them in
 * English, which stays for what the forms do not know).
 */
function useOverrideNames(def: SectionDefinition): OverrideNames {
  const local = useLocalDefinition(def);
  const location = useLocalDefinition(locationSection);
  return useMemo(() => {
    const english = groupsOf(locationSection) ?? [];
    const translated = groupsOf(location) ?? [];
    const groups = new Map(english.map((g, i) => [g.title, translated[i]?.title ?? g.title]));
    const title = (of: SectionDefinition, wire: string, fallback: string) =>
      of.schema.properties?.[of.names.props?.[wire]?.[0] ?? wire]?.title ?? fallback;
    return {
      field: (f) =>
        f.field.startsWith('location.')
          ? title(location, f.field.slice('location.'.length), f.label)
          : title(local, f.field, f.label),
      allowance: (f) =>
        f.field.startsWith('location.') ? (groups.get(f.group) ?? f.group) : title(local, f.field, f.label),
    };
  }, [local, location]);
}

/** What the contract lets the operator do: per way a change goes, the fields and groups it covers. */
function Allowance({ state, names }: { state: OverrideStateWire; names: OverrideNames }) {
  const t = useT();
  const fmt = useFormat();
  const levels = useContractLabels();
  const a = state.permissions;
  const lines = (['direct', 'approval', 'none'] as const)
    .map((mode) => {
      const fields = a.fields.filter((f) => f.mode === mode);
      return { mode, names: [...new Set(fields.map(names.allowance))] };
    })
    .filter((l) => l.names.length);
  return (
    <Alert
      severity={a.hotel_allows && a.edit_facts !== 'N' ? 'info' : 'warning'}
      sx={{ mb: 2 }}
      data-testid="allowance"
    >
      {a.reasons.facts && (
        <div data-testid="refusal-reason">
          {a.reasons.facts} {t('operator.only_settings_change')}
        </div>
      )}
      <div>
        {/* In the contract's own words (its terms show the same label), never a bare code. */}
        {a.moderation_code
          ? t('operator.moderation_level', {
              level: levels.get('contractModeration')?.get(a.moderation_code) ?? String(a.moderation),
            })
          : t('operator.moderation_level_undefined')}
      </div>
      {lines.map((l) => (
        <div key={l.mode}>{t(MODE_WORDS[l.mode], { fields: fmt.list(l.names) })}</div>
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
  names,
  onKeep,
  onDrop,
}: {
  overrides: OverrideWire[];
  names: OverrideNames;
  onKeep(o: OverrideWire): void;
  onDrop(o: OverrideWire): void;
}) {
  const t = useT();
  const fmt = useFormat();
  if (!overrides.length) return <Typography color="text.secondary">{t('operator.no_overrides')}</Typography>;
  return (
    <ScrollTable>
      <Table size="small" aria-label={t('operator.your_overrides')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('operator.column_field')}</TableCell>
            <TableCell>{t('operator.column_yours')}</TableCell>
            <TableCell>{t('operator.column_hotels_value')}</TableCell>
            <TableCell>{t('operator.column_state')}</TableCell>
            <TableCell>{t('operator.column_when')}</TableCell>
            <TableCell>{t('operator.column_notes')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {overrides.map((o) => (
            <TableRow key={o.id} data-override={o.field} data-status={o.status}>
              <TableCell>{names.field(o)}</TableCell>
              <TableCell>{o.value_text || '—'}</TableCell>
              <TableCell>
                {o.hotel_value_text || '—'}
                {o.drift_value_text !== null && o.status === 'approved' && (
                  <Box sx={{ mt: 0.5 }}>
                    <Chip
                      size="small"
                      color="error"
                      label={t('operator.drift_now', { value: o.drift_value_text || '—' })}
                    />
                    <Button size="small" onClick={() => onKeep(o)}>
                      {t('operator.keep_mine')}
                    </Button>
                    <Button size="small" onClick={() => onDrop(o)}>
                      {t('operator.use_hotels')}
                    </Button>
                  </Box>
                )}
              </TableCell>
              <TableCell>
                <Chip size="small" color={STATUS_COLOURS[o.status]} label={t(STATUS_WORDS[o.status])} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(o.decided_at ?? o.created_at)}</TableCell>
              <TableCell>
                {[o.comment, o.decision_comment && t('operator.hotel_comment', { comment: o.decision_comment })]
                  .filter(Boolean)
                  .join(' · ')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollTable>
  );
}

function Editor({ state, id }: { state: OverrideStateWire; id: number }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const canSave = useAbilities()?.can('partner_connections') ?? false;
  const labels = useOptionLabels();
  const def = useMemo(() => asSection(overrideForm, overrideDataNames, { hide: ['location'] }), []);
  const names = useOverrideNames(def);
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
  const state = useOverrides(id);
  return (
    <SettingsFrame
      title={t('operator.override_title')}
      intro={t('operator.override_intro', { name: state.data?.hotel_data.hotel_name ?? '' })}
      back={{ to: `/fact-sheet/${id}`, label: t('operator.fact_sheet') }}
      width={1200}
    >
      {state.isError && <Alert severity="error">{errorMessages(state.error).join(' ')}</Alert>}
      {!state.data && !state.isError && <LinearProgress aria-label={t('operator.loading_overrides')} />}
      {state.data && <Editor key={state.dataUpdatedAt} state={state.data} id={id} />}
    </SettingsFrame>
  );
}
