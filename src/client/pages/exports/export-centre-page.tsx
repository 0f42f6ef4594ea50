import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { useSession } from '../../session/session';
import { useAbilities } from '../../session/use-can';
import { usePreferences } from '../../session/use-preferences';
import { isLanguage } from '../../../shared/i18n/languages';
import { usePropertyChoice } from '../../components/use-property-choice';
import { useT } from '../../i18n';
import { ChartCard, GroupCard, PhotosCard, SheetCard } from './export-sections';
import { SendHistory } from './send-history';
import { useExports } from './use-exports';

function Exports({
  property,
  hotelName,
  language,
  layout,
}: {
  property: number;
  hotelName: string;
  language: string;
  layout: string;
}) {
  const abilities = useAbilities();
  const t = useT();
  const ex = useExports(property, { language, layout }, hotelName);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {ex.busy && (
        <LinearProgress
          aria-label={t('exports.working')}
          variant={ex.progress === undefined ? 'indeterminate' : 'determinate'}
          value={(ex.progress ?? 0) * 100}
        />
      )}
      <GroupCard ex={ex} canManageGroups={abilities?.can('stop_sale_contact_list') ?? false} />
      <SheetCard ex={ex} />
      <PhotosCard ex={ex} />
      <ChartCard ex={ex} canPublishChart={abilities?.can('stop_sale_publishing') ?? false} />
      <SectionCard title={t('exports.sent_title')}>
        <SendHistory property={property} />
      </SectionCard>
    </Box>
  );
}

/** /exportcentre: download or send a property's fact sheet and photos; the history of sends. */
export function ExportCentrePage() {
  const user = useSession()?.user;
  const abilities = useAbilities();
  // Opens on the last used, else the first published (issue 38 §3).
  const { properties, list, property, choose } = usePropertyChoice('exports');
  const preferences = usePreferences();
  const t = useT();
  if (user?.accountType !== 'accommodation') return <Alert severity="info">{t('exports.accommodation_only')}</Alert>;
  if (abilities && !abilities.can('properties')) return <Alert severity="info">{t('exports.needs_permission')}</Alert>;
  const language = isLanguage(user.language) ? user.language : 'en';
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="export-centre">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        {t('exports.title')}
      </Typography>
      {(properties.isError || preferences.isError) && <Alert severity="error">{t('exports.properties_failed')}</Alert>}
      {(!properties.data || !preferences.data) && !properties.isError && !preferences.isError && (
        <LinearProgress aria-label={t('exports.loading_properties')} />
      )}
      {properties.data && !list.length && <Alert severity="info">{t('exports.no_properties')}</Alert>}
      {preferences.data && property != null && (
        <>
          <TextField
            select
            label={t('exports.property')}
            value={property}
            onChange={(e) => choose(Number(e.target.value))}
            sx={{ minWidth: 320, mb: 2 }}
          >
            {list.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.publish_date ? p.hotel_name : t('exports.not_published_name', { name: p.hotel_name })}
              </MenuItem>
            ))}
          </TextField>
          <Exports
            key={property}
            property={property}
            hotelName={list.find((p) => p.id === property)?.hotel_name ?? ''}
            language={language}
            layout={preferences.data.pdf_layout ?? ''}
          />
        </>
      )}
    </Box>
  );
}
