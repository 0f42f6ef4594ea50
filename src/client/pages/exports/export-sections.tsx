import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { DefinitionForm } from '../../engine/views/definition-form';
import { useT } from '../../i18n';
import { useGroups } from '../mailing/index';
import { thisMonth, type Exports } from './use-exports';

/** The mailing group every send goes to. */
export function GroupCard({ ex, canManageGroups }: { ex: Exports; canManageGroups: boolean }) {
  const groups = useGroups();
  const t = useT();
  return (
    <SectionCard title={t('exports.group_title')}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('exports.group_label')}
          value={ex.group}
          onChange={(e) => ex.setGroup(Number(e.target.value) || '')}
          sx={{ minWidth: 280 }}
          disabled={!groups.data}
        >
          <MenuItem value="">
            <em>{t('exports.choose_group')}</em>
          </MenuItem>
          {(groups.data ?? []).map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {t('exports.group_option', { name: g.name, count: g.contacts_count })}
            </MenuItem>
          ))}
        </TextField>
        {canManageGroups && (
          <Link component={RouterLink} to="/mailing-lists">
            {t('exports.manage_groups')}
          </Link>
        )}
      </Box>
    </SectionCard>
  );
}

export function SheetCard({ ex }: { ex: Exports }) {
  const t = useT();
  return (
    <SectionCard title={t('exports.sheet_title')}>
      <DefinitionForm session={ex.session} idPrefix="sheet" />
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button variant="contained" onClick={() => void ex.downloadSheet()} disabled={!!ex.busy}>
          {t('exports.download_sheet')}
        </Button>
        <Button variant="outlined" onClick={() => void ex.send('facts')} disabled={!!ex.busy}>
          {t('exports.send_sheet')}
        </Button>
      </Box>
    </SectionCard>
  );
}

export function PhotosCard({ ex }: { ex: Exports }) {
  const t = useT();
  return (
    <SectionCard title={t('exports.photos_title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('exports.photos_text')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" onClick={() => void ex.downloadZip()} disabled={!!ex.busy}>
          {t('exports.download_photos')}
        </Button>
        <Button variant="outlined" onClick={() => void ex.send('photos')} disabled={!!ex.busy}>
          {t('exports.send_photos')}
        </Button>
      </Box>
    </SectionCard>
  );
}

export function ChartCard({ ex, canPublishChart }: { ex: Exports; canPublishChart: boolean }) {
  const t = useT();
  return (
    <SectionCard title={t('exports.chart_title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('exports.chart_text')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          type="month"
          size="small"
          label={t('exports.month')}
          value={ex.chartMonth}
          onChange={(e) => ex.setChartMonth(e.target.value || thisMonth())}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant="contained" onClick={() => void ex.downloadChartPdf()} disabled={!!ex.busy || !canPublishChart}>
          {t('exports.download_chart')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => void ex.send('availability')}
          disabled={!!ex.busy || !canPublishChart}
        >
          {t('exports.send_chart')}
        </Button>
      </Box>
      {!canPublishChart && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('exports.chart_permission')}
        </Typography>
      )}
    </SectionCard>
  );
}
