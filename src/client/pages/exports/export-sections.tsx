import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { DefinitionForm } from '../../engine/views/definition-form';
import { useGroups } from '../mailing/mailing-api';
import { thisMonth, type Exports } from './use-exports';

/** The mailing group every send goes to. */
export function GroupCard({ ex, canManageGroups }: { ex: Exports; canManageGroups: boolean }) {
  const groups = useGroups();
  return (
    <SectionCard title="Mailing group">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Send to mailing group"
          value={ex.group}
          onChange={(e) => ex.setGroup(Number(e.target.value) || '')}
          sx={{ minWidth: 280 }}
          disabled={!groups.data}
        >
          <MenuItem value="">
            <em>Choose a group</em>
          </MenuItem>
          {(groups.data ?? []).map((g) => (
            <MenuItem
              key={g.id}
              value={g.id}
            >{`${g.name} (${g.contacts_count} contact${g.contacts_count === 1 ? '' : 's'})`}</MenuItem>
          ))}
        </TextField>
        {canManageGroups && (
          <Link component={RouterLink} to="/mailing-lists">
            Manage mailing groups
          </Link>
        )}
      </Box>
    </SectionCard>
  );
}

export function SheetCard({ ex }: { ex: Exports }) {
  return (
    <SectionCard title="Fact sheet">
      <DefinitionForm session={ex.session} idPrefix="sheet" />
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button variant="contained" onClick={() => void ex.downloadSheet()} disabled={!!ex.busy}>
          Download fact sheet
        </Button>
        <Button variant="outlined" onClick={() => void ex.send('facts')} disabled={!!ex.busy}>
          Send fact sheet
        </Button>
      </Box>
    </SectionCard>
  );
}

export function PhotosCard({ ex }: { ex: Exports }) {
  return (
    <SectionCard title="Photos">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Every photo of the property in one zip file. Sent to a group, each contact gets a download link that works for 7
        days.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" onClick={() => void ex.downloadZip()} disabled={!!ex.busy}>
          Download photos
        </Button>
        <Button variant="outlined" onClick={() => void ex.send('photos')} disabled={!!ex.busy}>
          Send photos
        </Button>
      </Box>
    </SectionCard>
  );
}

export function ChartCard({ ex, canPublishChart }: { ex: Exports; canPublishChart: boolean }) {
  return (
    <SectionCard title="Availability chart">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        A month of the property’s rooms, day by day, in the Availability Chart’s colours, as PDF.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          type="month"
          size="small"
          label="Month"
          value={ex.chartMonth}
          onChange={(e) => ex.setChartMonth(e.target.value || thisMonth())}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant="contained" onClick={() => void ex.downloadChartPdf()} disabled={!!ex.busy || !canPublishChart}>
          Download availability chart
        </Button>
        <Button
          variant="outlined"
          onClick={() => void ex.send('availability')}
          disabled={!!ex.busy || !canPublishChart}
        >
          Send availability chart
        </Button>
      </Box>
      {!canPublishChart && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Needs the “stop-sale publishing” permission.
        </Typography>
      )}
    </SectionCard>
  );
}
