import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useProperties } from '../../api/properties';
import { BatchView } from './batch-view';
import { BulkValues } from './bulk-values';
import { OutcomeTable } from './outcome-table';
import { PropertyPicker } from './property-picker';
import { RecentBatches } from './recent-batches';
import { DOCUMENTS, useBulkEdit } from './use-bulk-edit';

/** ?batch=<id>: one batch's progress, outcomes and undo. */
function BatchScreen({ batch }: { batch: number }) {
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        Bulk edit
      </Typography>
      <BatchView id={batch} />
      <Box sx={{ mt: 2, display: 'flex', gap: 1 }}>
        <Button component={RouterLink} to="/bulk-edit">
          New bulk edit
        </Button>
        <Button component={RouterLink} to="/property-portfolio">
          Portfolio
        </Button>
      </Box>
    </Box>
  );
}

/**
 * /bulk-edit: set fields of one section on many properties. Pick the section, the fields and
 * their values (the engine's widgets), and the properties; preview per property; apply as one
 * batch (then ?batch=<id> shows its progress, outcomes and undo).
 */
export function BulkEditPage() {
  const properties = useProperties();
  const b = useBulkEdit();
  const { def, session, preview } = b;
  if (b.batch > 0) return <BatchScreen batch={b.batch} />;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="bulk-edit-page">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        Bulk edit
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label="Section"
          value={b.sectionKey}
          onChange={(e) => b.chooseSection(e.target.value)}
          sx={{ minWidth: 260, mb: 2 }}
        >
          {DOCUMENTS.map((s) => (
            <MenuItem key={s.key} value={s.key}>
              {s.title}
            </MenuItem>
          ))}
        </TextField>
        {!def || !session ? (
          <LinearProgress aria-label="Loading the section" />
        ) : (
          <BulkValues def={def} session={session} chosen={b.chosen} onChoose={b.chooseField} />
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <PropertyPicker properties={properties.data ?? []} picked={b.picked} onChange={b.pick} />
      </Paper>
      {b.error.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="bulk-errors">
          {b.error.join(' ')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
        <Button variant="outlined" onClick={b.onPreview} disabled={b.busy}>
          Preview
        </Button>
        <Button
          variant="contained"
          onClick={b.onApply}
          disabled={b.busy || !preview || preview.answer.counts.change === 0}
        >
          Apply to {preview ? preview.answer.counts.change : 0} properties
        </Button>
      </Box>
      {preview && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="bulk-preview">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {preview.answer.counts.change} will change · {preview.answer.counts.same} already match ·{' '}
            {preview.answer.counts.invalid} would fail (left as they are)
          </Typography>
          <OutcomeTable
            items={preview.answer.items.map((i) => ({
              property: i.property,
              hotel: i.hotel_name,
              outcome: i.outcome,
              changes: i.changes,
              message: i.message,
            }))}
          />
        </Paper>
      )}
      <RecentBatches />
    </Box>
  );
}
