import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
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
import { DefinitionForm } from '../../engine/views/definition-form';
import type { FormSession } from '../../engine/views/form-session';
import type { OperatorFactSheetWire, SheetOptionsWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from '../../components/settings-frame';
import { SheetView } from '../../components/sheet-view';
import { OperatorAvailability } from '../stop-sale/index';
import { OwnPhotos } from './own-photos';
import { SheetNextSteps } from '../next-steps/index';
import { PublicationsButton, PublicationsDialog } from '../publications/index';
import { useFactSheet, useSheetPdf } from './use-fact-sheet';

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
  const { busy, download } = useSheetPdf(id, options);
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

type SheetTab = 'facts' | 'photos' | 'availability';

/** What the operator should know before reading: changes since it last looked, overrides the hotel changed, a draft. */
function Notices({ data, sheet }: { data: OperatorFactSheetWire; sheet: ReturnType<typeof useFactSheet> }) {
  const t = useT();
  const id = data.property.id;
  // The notice's Compare: the publications dialog opened on what the operator last saw.
  const [comparing, setComparing] = useState(false);
  return (
    <>
      {data.seen.changes > 0 && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <>
              <Button color="inherit" size="small" onClick={() => setComparing(true)}>
                {t('operator.compare_since_seen')}
              </Button>
              <Button color="inherit" size="small" onClick={sheet.seen} disabled={sheet.busy}>
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
          propertyId={id}
          title={data.property.hotel_name}
          options={sheet.options}
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
    </>
  );
}

/** A refusal's reason from the contract, above the part it refuses. */
function Refusal({ reason }: { reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="refusal-reason">
      {reason}
    </Alert>
  );
}

/** The sheet's parts: the facts (in the options chosen), the photos, the availability. */
function SheetParts({
  id,
  data,
  session,
  placeholder,
}: {
  id: number;
  data: OperatorFactSheetWire;
  session: FormSession;
  placeholder: boolean;
}) {
  const t = useT();
  const [tab, setTab] = useState<SheetTab>(() =>
    new URLSearchParams(window.location.search).get('tab') === 'availability' ? 'availability' : 'facts',
  );
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} onChange={(_e, v: SheetTab) => setTab(v)} aria-label={t('operator.sheet_parts')}>
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
          <Refusal reason={data.allowance.reasons.sync_stop_sale} />
          <OperatorAvailability property={id} />
        </>
      ) : tab === 'facts' ? (
        <>
          <Box sx={{ maxWidth: 560 }}>
            <DefinitionForm session={session} idPrefix="sheet-options" />
          </Box>
          <Box sx={{ opacity: placeholder ? 0.6 : 1 }} aria-busy={placeholder}>
            <SheetView sheet={data.sheet} />
          </Box>
        </>
      ) : (
        <>
          <Refusal reason={data.allowance.reasons.select_photos} />
          <Photos photos={data.photos} />
          <OwnPhotos data={data} />
        </>
      )}
    </>
  );
}

/** /fact-sheet/{id}: one contracted hotel as the operator sees it, with what changed since it last looked. */
export function FactSheetPage() {
  const t = useT();
  const id = Number(useParams().id);
  const sheet = useFactSheet(id);
  const data = sheet.data;
  return (
    <SettingsFrame
      title={data?.property.hotel_name ?? t('operator.fact_sheet')}
      back={{ to: '/fact-sheet', label: t('operator.fact_sheets_title') }}
      width={1200}
    >
      {sheet.failed && <Alert severity="error">{errorMessages(sheet.error).join(' ')}</Alert>}
      {!data && !sheet.failed && <LinearProgress aria-label={t('operator.loading_sheet')} />}
      {data && (
        <>
          <Header data={data} options={sheet.options} />
          <SheetNextSteps id={id} />
          <Notices data={data} sheet={sheet} />
          <SheetParts id={id} data={data} session={sheet.session} placeholder={sheet.placeholder} />
        </>
      )}
    </SettingsFrame>
  );
}
