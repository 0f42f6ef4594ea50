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
import { useFormat, useT } from '../../i18n';
import { DEFAULT_LANGUAGE, toLanguage } from '../../../shared/i18n/languages';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { sessionStore, useSession } from '../../session/session';
import { tokenHeader } from '../../api/client';
import sheetOptionsForm from '../../../shared/generated/forms/sheet-options';
import { sheetOptionsNames } from '../../../shared/generated/name-maps';
import type { OperatorFactSheetWire, SheetOptionsWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from '../../components/settings-frame';
import { markSeen, useOperatorSheet, refreshWorkspace } from './operator-api';
import { SheetView } from '../../components/sheet-view';
import { fileNameOf, saveFile } from '../../api/exports';
import { OperatorAvailability } from '../stop-sale/index';
import { OwnPhotos } from './own-photos';
import { SheetNextSteps } from '../next-steps/index';
import { PublicationsButton, PublicationsDialog } from '../publications/index';

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
  const t = useT();
  const fmt = useFormat();
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
        <Chip label={t('operator.draft')} variant="outlined" />
      ) : (
        <Chip
          color="success"
          variant="outlined"
          label={t('operator.publication_chip', {
            publication: p.publication,
            date: p.published_at ? fmt.date(p.published_at) : '',
          })}
        />
      )}
      <Typography color="text.secondary">
        {p.partner_name}
        {p.hotel_name !== p.hotel_own_name && ` · ${t('operator.hotel_calls_it', { name: p.hotel_own_name })}`}
      </Typography>
      <Box sx={{ flex: 1 }} />
      <Button component={RouterLink} to={`/overridefact/${p.id}`} variant="outlined" size="small">
        {data.overrides.pending
          ? t('operator.your_overrides_waiting', { count: data.overrides.pending })
          : t('operator.your_overrides')}
      </Button>
      <Button component={RouterLink} to={`/datamapping/${p.id}`} variant="outlined" size="small">
        {t('operator.codes')}
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
  const t = useT();
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
      saveFile(await res.blob(), fileNameOf(res.headers.get('content-disposition')));
      enqueueSnackbar(t('operator.pdf_downloaded'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('operator.pdf_failed'), { variant: 'error' });
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
  const t = useT();
  if (!photos.length) return <Typography color="text.secondary">{t('operator.no_photos')}</Typography>;
  return (
    <ImageList cols={4} gap={8} aria-label={t('operator.photos')}>
      {photos.map((p) => (
        <ImageListItem key={p.id}>
          <img src={p.thumbnail} alt={p.alt ?? p.name ?? ''} loading="lazy" />
          <ImageListItemBar
            title={p.name ?? ''}
            subtitle={p.featured ? t('operator.featured') : (p.category ?? '')}
            actionIcon={
              <Button size="small" sx={{ color: '#fff' }} href={p.original} download>
                {t('operator.original')}
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
  const t = useT();
  const id = Number(useParams().id);
  const { session, options } = useSheetOptions({
    language: toLanguage(useSession()?.user.language) ?? DEFAULT_LANGUAGE,
  });
  const sheet = useOperatorSheet(id, options);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [tab, setTab] = useState<'facts' | 'photos' | 'availability'>(() =>
    new URLSearchParams(window.location.search).get('tab') === 'availability' ? 'availability' : 'facts',
  );
  const [busy, setBusy] = useState(false);
  // The notice's Compare: the publications dialog opened on what the operator last saw.
  const [comparing, setComparing] = useState(false);
  const seen = async () => {
    setBusy(true);
    try {
      await markSeen(id);
      await refreshWorkspace(queryClient);
      enqueueSnackbar(t('operator.marked_seen'), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const data = sheet.data;
  return (
    <SettingsFrame
      title={data?.property.hotel_name ?? t('operator.fact_sheet')}
      back={{ to: '/fact-sheet', label: t('operator.fact_sheets_title') }}
      width={1200}
    >
      {sheet.isError && <Alert severity="error">{errorMessages(sheet.error).join(' ')}</Alert>}
      {!data && !sheet.isError && <LinearProgress aria-label={t('operator.loading_sheet')} />}
      {data && (
        <>
          <Header data={data} options={options} />
          <SheetNextSteps id={id} />
          {data.seen.changes > 0 && (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <>
                  <Button color="inherit" size="small" onClick={() => setComparing(true)}>
                    {t('operator.compare_since_seen')}
                  </Button>
                  <Button color="inherit" size="small" onClick={seen} disabled={busy}>
                    {t('operator.mark_seen')}
                  </Button>
                </>
              }
            >
              {t('operator.changes_since_looked', { count: data.seen.changes, publication: data.seen.publication })}
            </Alert>
          )}
          {comparing && (
            <PublicationsDialog
              open
              side="operator"
              propertyId={data.property.id}
              title={data.property.hotel_name}
              options={options}
              since={data.seen.publication}
              onClose={() => setComparing(false)}
            />
          )}
          {data.overrides.drift > 0 && (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" component={RouterLink} to={`/overridefact/${id}`}>
                  {t('operator.review')}
                </Button>
              }
            >
              {t('operator.hotel_changed_overridden', { count: data.overrides.drift })}
            </Alert>
          )}
          {data.property.status === 'draft' && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('operator.not_published_yet')}
            </Alert>
          )}
          <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
            <Tabs
              value={tab}
              onChange={(_e, v: 'facts' | 'photos' | 'availability') => setTab(v)}
              aria-label={t('operator.sheet_parts')}
            >
              <Tab value="facts" label={t('operator.tab_facts')} />
              <Tab
                value="photos"
                label={t('operator.tab_photos', {
                  count: data.photos.length + data.own_photos.filter((p) => p.status === 'approved').length,
                })}
              />
              <Tab value="availability" label={t('operator.tab_availability')} />
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
