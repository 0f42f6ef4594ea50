import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useFormat, useT } from '../../i18n';
import { useSectionDefinitions } from '../../engine/data/use-section-definitions';
import { useChangeWords } from '../../engine/texts/use-change-words';
import { batchSummary, bulkHeading, STATE_WORDS } from './bulk-words';
import { useBatchView } from './use-batch-view';
import { OutcomeTable } from './outcome-table';

/** A batch: its progress while the job runs, then each property's outcome, and undo of the whole batch. */
export function BatchView({ id }: { id: number }) {
  const { batch: data, failed: isError, error, busy, undo } = useBatchView(id);
  const t = useT();
  const format = useFormat();
  const defs = useSectionDefinitions([data?.section]);
  const words = useChangeWords();
  if (isError) return <Alert severity="error">{t('many.batch_load_failed')}</Alert>;
  if (!data) return <LinearProgress aria-label={t('many.batch_loading')} />;
  const running = data.state === 'queued' || data.state === 'running' || data.state === 'undoing';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="bulk-batch" data-state={data.state}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {bulkHeading(words, format.list, data, defs)}
        </Typography>
        <Chip
          label={t(STATE_WORDS[data.state])}
          color={data.state === 'failed' ? 'error' : running ? 'info' : 'default'}
          data-testid="bulk-state"
        />
        {data.can_undo && (
          <Button variant="outlined" color="warning" onClick={() => void undo()} disabled={busy}>
            {t('many.undo')}
          </Button>
        )}
      </Box>
      <LinearProgress
        variant="determinate"
        value={data.total ? (100 * data.done) / data.total : 0}
        aria-label={t('many.batch_progress', { done: data.done, total: data.total })}
        sx={{ mb: 1 }}
      />
      <Typography variant="body2" sx={{ mb: 2 }} data-testid="bulk-summary">
        {batchSummary(t, data)}
      </Typography>
      {data.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {data.error}
        </Alert>
      )}
      {error.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error.join(' ')}
        </Alert>
      )}
      <OutcomeTable
        section={data.section}
        items={data.items.map((i) => ({
          property: i.property,
          hotel: i.hotel_name,
          outcome: i.outcome,
          changes: i.changes,
          message: i.message,
        }))}
      />
    </Paper>
  );
}
