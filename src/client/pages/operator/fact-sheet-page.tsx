import { useMemo, useState, useSyncExternalStore } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ImageList from '@mui/material/ImageList';
import ImageListItem from '@mui/material/ImageListItem';
import ImageListItemBar from '@mui/material/ImageListItemBar';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { sessionStore, useSession } from '../../session/session';
import { tokenHeader } from '../../api/client';
import sheetOptionsForm from '../../../shared/generated/forms/sheet-options';
import { sheetOptionsNames } from '../../../shared/generated/name-maps';
import type { OperatorFactSheetWire, SheetOptionsWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from '../settings/settings-frame';
import { markSeen, useOperatorSheet, refreshWorkspace } from './operator-api';
import { SheetView } from '../../components/sheet-view';
import { OperatorAvailability } from '../stop-sale/operator-availability';
import { OwnPhotos } from './own-photos';
import { SheetNextSteps } from '../next-steps/sheet-next-steps';
import { PublicationsButton } from '../publications/publications-dialog';

/** The layout and language the sheet is shown in, from the same schema as the export centre's. */
function useSheetOptions(initial: SheetOptionsWire) {
  const def = useMemo(() => asSection(sheetOptionsForm, sheetOptionsNames), []);
  const [session] = useState(() => new FormSession(def, initial));
  const doc = useSyncExternalStore(session.store.subscribe, session.store.get);
  const options = useMemo<SheetOptionsWire>(() => {
    const d = doc as { layout?: string; language?: string };
    return {
      ...(d.layout !== undefined ? { layout: d.layout as SheetOptionsWire['layout'] } : {}),
      ...(d.language ? { language: d.language as SheetOptionsWire['language'] } : {}),
    };
  }, [doc]);
  return { session, options };
}

function Header({ data, options }: { data: OperatorFactSheetWire; options: SheetOptionsWire }) {
  const p = data.property;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}
      useFlexGap
      data-testid="sheet-header"
    >
      {p.status === 'draft' ? (
        <Chip label="Draft" variant="outlined" />
      ) : (
        <Chip
          color="success"
          variant="outlined"
          label={`Publication ${p.publication} · ${p.published_at?.slice(0, 10)}`}
        />
      )}
      <Typography color="text.secondary">
        {p.partner_name}
        {p.hotel_name !== p.hotel_own_name && ` · the hotel calls it ${p.hotel_own_name}`}
      </Typography>
      <Box sx={{ flex: 1 }} />
      <Button component={RouterLink} to={`/overridefact/${p.id}`} variant="outlined" size="small">
        Your overrides{data.overrides.pending ? ` (${data.overrides.pending} waiting)` : ''}
      </Button>
      <Button component={RouterLink} to={`/datamapping/${p.id}`} variant="outlined" size="small">
        Codes
      </Button>
      {p.status === 'published' && (
        <PublicationsButton side="operator" propertyId={p.id} title={p.hotel_name} options={options} />
      )}
      {p.status === 'published' && <DownloadPdf id={p.id} options={options} />}
    </Stack>
  );
}

/** The sheet as PDF, in the layout and language chosen above (the hotel is told). */
function DownloadPdf({ id, options }: { id: number; options: SheetOptionsWire }) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const token = sessionStore.current()?.token;
      const query = new URLSearchParams(
        Object.entries(options).filter(([, v]) => v !== undefined && v !== '') as [string, string][],
      ).toString();
      const res = await fetch(`/api/partners/fact-sheet/${id}/pdf/${query ? `?${query}` : ''}`, {
        headers: token ? tokenHeader(token) : {},
      });
      if (res.status !== 200) throw new Error(String(res.status));
      const url = URL.createObjectURL(await res.blob());
      const a = Object.assign(document.createElement('a'), { href: url, download: `fact-sheet-${id}.pdf` });
      a.click();
      URL.revokeObjectURL(url);
      enqueueSnackbar('Facts sheet downloaded succeessfully', { variant: 'success' });
    } catch {
      enqueueSnackbar('Failed to download the fact sheet.', { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="contained" size="small" onClick={download} disabled={busy}>
      PDF
    </Button>
  );
}

function Photos({ photos }: { photos: OperatorFactSheetWire['photos'] }) {
  if (!photos.length)
    return (
      <Typography color="text.secondary">
        Your contract gives you none of the hotel’s photos, or the hotel has not released any to you yet.
      </Typography>
    );
  return (
    <ImageList cols={4} gap={8} aria-label="Photos">
      {photos.map((p) => (
        <ImageListItem key={p.id}>
          <img src={p.thumbnail} alt={p.alt ?? p.name ?? ''} loading="lazy" />
          <ImageListItemBar
            title={p.name ?? ''}
            subtitle={p.featured ? 'Featured' : (p.category ?? '')}
            actionIcon={
              <Button size="small" sx={{ color: '#fff' }} href={p.original} download>
                Original
              </Button>
            }
          />
        </ImageListItem>
      ))}
    </ImageList>
  );
}

/** /fact-sheet/{id}: one contracted hotel as the operator sees it, with what changed since it last looked. */
export function FactSheetPage() {
  const id = Number(useParams().id);
  const language = (useSession()?.user.language ?? 'en').toLowerCase();
  const { session, options } = useSheetOptions({
    language: (['en', 'es', 'ru', 'fa'].includes(language) ? language : 'en') as SheetOptionsWire['language'],
  });
  const sheet = useOperatorSheet(id, options);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [tab, setTab] = useState<'facts' | 'photos' | 'availability'>(() =>
    new URLSearchParams(window.location.search).get('tab') === 'availability' ? 'availability' : 'facts',
  );
  const [busy, setBusy] = useState(false);
  const seen = async () => {
    setBusy(true);
    try {
      await markSeen(id);
      await refreshWorkspace(queryClient);
      enqueueSnackbar('Marked as seen.', { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const data = sheet.data;
  return (
    <SettingsFrame
      title={data?.property.hotel_name ?? 'Fact sheet'}
      back={{ to: '/fact-sheet', label: 'Fact sheets' }}
      width={1200}
    >
      {sheet.isError && <Alert severity="error">{errorMessages(sheet.error).join(' ')}</Alert>}
      {!data && !sheet.isError && <LinearProgress aria-label="Loading the fact sheet" />}
      {data && (
        <>
          <Header data={data} options={options} />
          <SheetNextSteps id={id} />
          {data.seen.changes > 0 && (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={seen} disabled={busy}>
                  Mark as seen
                </Button>
              }
            >
              {data.seen.changes === 1 ? '1 change' : `${data.seen.changes} changes`} since you last looked (publication{' '}
              {data.seen.publication}): marked below.
            </Alert>
          )}
          {data.overrides.drift > 0 && (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" component={RouterLink} to={`/overridefact/${id}`}>
                  Review
                </Button>
              }
            >
              The hotel changed {data.overrides.drift === 1 ? 'a field' : `${data.overrides.drift} fields`} you
              override.
            </Alert>
          )}
          {data.property.status === 'draft' && (
            <Alert severity="info" sx={{ mb: 2 }}>
              The hotel has not published its facts yet. You will see them here once it does.
            </Alert>
          )}
          <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
            <Tabs
              value={tab}
              onChange={(_e, v: 'facts' | 'photos' | 'availability') => setTab(v)}
              aria-label="Fact sheet parts"
            >
              <Tab value="facts" label="Facts" />
              <Tab
                value="photos"
                label={`Photos (${data.photos.length + data.own_photos.filter((p) => p.status === 'approved').length})`}
              />
              <Tab value="availability" label="Availability" />
            </Tabs>
          </Box>
          {tab === 'availability' ? (
            <>
              {data.allowance.reasons.sync_stop_sale && (
                <Alert severity="info" sx={{ mb: 2 }} data-testid="refusal-reason">
                  {data.allowance.reasons.sync_stop_sale}
                </Alert>
              )}
              <OperatorAvailability property={id} />
            </>
          ) : tab === 'facts' ? (
            <>
              <Box sx={{ maxWidth: 560 }}>
                <DefinitionForm session={session} idPrefix="sheet-options" />
              </Box>
              <Box sx={{ opacity: sheet.isPlaceholderData ? 0.6 : 1 }} aria-busy={sheet.isPlaceholderData}>
                <SheetView sheet={data.sheet} />
              </Box>
            </>
          ) : (
            <>
              {data.allowance.reasons.select_photos && (
                <Alert severity="info" sx={{ mb: 2 }} data-testid="refusal-reason">
                  {data.allowance.reasons.select_photos}
                </Alert>
              )}
              <Photos photos={data.photos} />
              <OwnPhotos data={data} />
            </>
          )}
        </>
      )}
    </SettingsFrame>
  );
}
