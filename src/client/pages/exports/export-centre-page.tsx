import { useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { useSession } from '../../session/session';
import { useAbilities } from '../../session/use-can';
import { usePreferences } from '../../session/use-preferences';
import sheetOptionsForm from '../../../shared/generated/forms/sheet-options';
import { sheetOptionsNames } from '../../../shared/generated/name-maps';
import { isSheetLanguage } from '../../../shared/fact-sheet/languages';
import { useProperties } from '../facts/queries';
import { useGroups } from '../mailing/mailing-api';
import { downloadChart, downloadFacts, downloadPhotos, exportKeys, saveFile, sendChart, sendFacts, sendPhotos, type SheetChoice } from './exports-api';
import { SendHistory } from './send-history';

/** The spec's words (000 §8), spelling included. */
export const MESSAGES = {
  downloaded: 'Facts sheet downloaded succeessfully',
  notPublished: 'Accommodation not published for live view',
  failed: 'Failed to download the fact sheet.',
  selectGroup: 'Please Select Group Mail',
  chartFailed: 'Failed to download the availability chart',
};

/** This month as YYYY-MM (the month input's value). */
const thisMonth = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Exports({ property, language, layout }: { property: number; language: string; layout: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const groups = useGroups();
  const canManageGroups = useAbilities()?.can('stop_sale_contact_list') ?? false;
  const canPublishChart = useAbilities()?.can('stop_sale_publishing') ?? false;
  const [chartMonth, setChartMonth] = useState(thisMonth);
  const [group, setGroup] = useState<number | ''>('');
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const def = useMemo(() => asSection(sheetOptionsForm, sheetOptionsNames), []);
  const [session] = useState(() => new FormSession(def, { layout, language }));
  const choice = (): SheetChoice => {
    // The form's values through its own validator: the schema's layouts and languages only.
    const picked = session.body();
    return { layout: picked?.layout ?? '', language: picked?.language ?? 'en' };
  };

  async function run(key: string, work: () => Promise<void>) {
    setBusy(key);
    setProgress(undefined);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  }

  const downloadSheet = () =>
    run('facts', async () => {
      try {
        const file = await downloadFacts(property, choice(), setProgress);
        if (file.status === 204 || !file.blob) return void enqueueSnackbar(MESSAGES.notPublished, { variant: 'warning' });
        saveFile(file.blob, file.filename ?? `fact-sheet-${property}.pdf`);
        enqueueSnackbar(MESSAGES.downloaded, { variant: 'success' });
      } catch {
        enqueueSnackbar(MESSAGES.failed, { variant: 'error' });
      }
    });

  const downloadZip = () =>
    run('photos', async () => {
      try {
        const file = await downloadPhotos(property, setProgress);
        if (file.status === 204 || !file.blob) return void enqueueSnackbar('This property has no photos yet.', { variant: 'info' });
        saveFile(file.blob, file.filename ?? `${property}-Photos.zip`);
        enqueueSnackbar('Photos downloaded.', { variant: 'success' });
      } catch {
        enqueueSnackbar(MESSAGES.failed, { variant: 'error' });
      }
    });

  const downloadChartPdf = () =>
    run('chart', async () => {
      try {
        const file = await downloadChart(property, `${chartMonth}-01`, setProgress);
        if (!file.blob) throw new Error('no file');
        saveFile(file.blob, file.filename ?? `Stopsale-${property}.pdf`);
        enqueueSnackbar('Availability chart downloaded.', { variant: 'success' });
      } catch {
        // Spec 000 §8: a chart failure is only logged.
        console.error(MESSAGES.chartFailed);
      }
    });

  const send = (kind: 'facts' | 'photos' | 'availability') => {
    // No group chosen: nothing is sent (spec 000 §5).
    if (!group) return void enqueueSnackbar(MESSAGES.selectGroup, { variant: 'warning' });
    return run(`send-${kind}`, async () => {
      try {
        const c = choice();
        const answer = kind === 'facts' ? await sendFacts(group, property, c) : kind === 'photos' ? await sendPhotos(group, property, c.language) : await sendChart(group, property, `${chartMonth}-01`);
        enqueueSnackbar(answer.detail, { variant: 'info' });
      } catch (e) {
        enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
      } finally {
        void queryClient.invalidateQueries({ queryKey: exportKeys.sends(property) });
      }
    });
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {busy && <LinearProgress aria-label="Working" variant={progress === undefined ? 'indeterminate' : 'determinate'} value={(progress ?? 0) * 100} />}
      <Card title="Mailing group">
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField select size="small" label="Send to mailing group" value={group} onChange={(e) => setGroup(Number(e.target.value) || '')} sx={{ minWidth: 280 }} disabled={!groups.data}>
            <MenuItem value="">
              <em>Choose a group</em>
            </MenuItem>
            {(groups.data ?? []).map((g) => (
              <MenuItem key={g.id} value={g.id}>{`${g.name} (${g.contacts_count} contact${g.contacts_count === 1 ? '' : 's'})`}</MenuItem>
            ))}
          </TextField>
          {canManageGroups && (
            <Link component={RouterLink} to="/mailing-lists">
              Manage mailing groups
            </Link>
          )}
        </Box>
      </Card>
      <Card title="Fact sheet">
        <DefinitionForm session={session} idPrefix="sheet" />
        <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
          <Button variant="contained" onClick={() => void downloadSheet()} disabled={!!busy}>
            Download fact sheet
          </Button>
          <Button variant="outlined" onClick={() => void send('facts')} disabled={!!busy}>
            Send fact sheet
          </Button>
        </Box>
      </Card>
      <Card title="Photos">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Every photo of the property in one zip file. Sent to a group, each contact gets a download link that works for 7 days.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="contained" onClick={() => void downloadZip()} disabled={!!busy}>
            Download photos
          </Button>
          <Button variant="outlined" onClick={() => void send('photos')} disabled={!!busy}>
            Send photos
          </Button>
        </Box>
      </Card>
      <Card title="Availability chart">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          A month of the property’s rooms, day by day, in the Availability Chart’s colours, as PDF.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField type="month" size="small" label="Month" value={chartMonth} onChange={(e) => setChartMonth(e.target.value || thisMonth())} slotProps={{ inputLabel: { shrink: true } }} />
          <Button variant="contained" onClick={() => void downloadChartPdf()} disabled={!!busy || !canPublishChart}>
            Download availability chart
          </Button>
          <Button variant="outlined" onClick={() => void send('availability')} disabled={!!busy || !canPublishChart}>
            Send availability chart
          </Button>
        </Box>
        {!canPublishChart && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Needs the “stop-sale publishing” permission.
          </Typography>
        )}
      </Card>
      <Card title="Sent">
        <SendHistory property={property} />
      </Card>
    </Box>
  );
}

/** /exportcentre: download or send a property's fact sheet and photos; the history of sends. */
export function ExportCentrePage() {
  const user = useSession()?.user;
  const abilities = useAbilities();
  const properties = useProperties();
  const preferences = usePreferences();
  const [chosen, setChosen] = useState<number | null>(null);
  if (user?.accountType !== 'accommodation') return <Alert severity="info">The Export Center of an accommodation account sends its properties’ facts and photos.</Alert>;
  if (abilities && !abilities.can('properties')) return <Alert severity="info">The Export Center needs the “properties” permission. Ask your account owner.</Alert>;
  const list = properties.data ?? [];
  const property = chosen ?? list[0]?.id ?? null;
  const language = isSheetLanguage(user.language) ? user.language : 'en';
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="export-centre">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        Export Center
      </Typography>
      {(properties.isError || preferences.isError) && <Alert severity="error">The properties could not be loaded. Reload the page to try again.</Alert>}
      {(!properties.data || !preferences.data) && !properties.isError && !preferences.isError && <LinearProgress aria-label="Loading properties" />}
      {properties.data && !list.length && <Alert severity="info">Add a property first; its fact sheet and photos are exported from here.</Alert>}
      {preferences.data && property !== null && (
        <>
          <TextField select label="Property" value={property} onChange={(e) => setChosen(Number(e.target.value))} sx={{ minWidth: 320, mb: 2 }}>
            {list.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.publish_date ? p.hotel_name : `${p.hotel_name} (not published)`}
              </MenuItem>
            ))}
          </TextField>
          <Exports key={property} property={property} language={language} layout={preferences.data.pdf_layout ?? ''} />
        </>
      )}
    </Box>
  );
}
