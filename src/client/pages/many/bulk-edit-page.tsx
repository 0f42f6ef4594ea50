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
import { useSchemaTexts } from '../../engine/texts/use-schema-texts';
import { sectionTitle } from '../../engine/texts/schema-texts';
import { useT } from '../../i18n';
import { BatchView } from './batch-view';
import { BulkValues } from './bulk-values';
import { OutcomeTable } from './outcome-table';
import { PropertyPicker } from './property-picker';
import { RecentBatches } from './recent-batches';
import { DOCUMENTS, useBulkEdit } from './use-bulk-edit';

/** ?batch=<id>: one batch's progress, outcomes and undo. */
function BatchScreen({ batch }: { batch: number }) {
  const t = useT();
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        {t('facts.bulk_edit')}
      </Typography>
      <BatchView id={batch} />
      <Box sx={{ mt: 2, display: 'flex', gap: 1 }}>
        <Button component={RouterLink} to="/bulk-edit">
          {t('many.new_bulk_edit')}
        </Button>
        <Button component={RouterLink} to="/property-portfolio">
          {t('facts.portfolio')}
        </Button>
      </Box>
    </Box>
  );
}

type BulkEdit = ReturnType<typeof useBulkEdit>;

/** Preview and Apply; Apply stays off until a preview says what would change. */
function ApplyBar({ b }: { b: BulkEdit }) {
  const t = useT();
  const { preview } = b;
  return (
    <Box sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button variant="outlined" onClick={b.onPreview} disabled={b.busy}>
        {t('many.preview')}
      </Button>
      <Button
        variant="contained"
        onClick={b.onApply}
        disabled={b.busy || !preview || preview.answer.counts.change === 0}
        aria-describedby={preview ? undefined : 'bulk-apply-hint'}
      >
        {t('many.apply', { count: preview ? preview.answer.counts.change : 0 })}
      </Button>
      {/* Apply stays off until a preview says what would change: say so beside it. */}
      {!preview && (
        <Typography id="bulk-apply-hint" variant="body2" color="text.secondary">
          {t('many.apply_after_preview')}
        </Typography>
      )}
    </Box>
  );
}

/** What the preview says each property would get. */
function PreviewCard({ preview }: { preview: NonNullable<BulkEdit['preview']> }) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="bulk-preview">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('many.preview_counts', { ...preview.answer.counts })}
      </Typography>
      <OutcomeTable
        section={preview.answer.section}
        items={preview.answer.items.map((i) => ({
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

/**
 * /bulk-edit: set fields of one section on many properties. Pick the section, the fields and
 * their values (the engine's widgets), and the properties; preview per property; apply as one
 * batch (then ?batch=<id> shows its progress, outcomes and undo).
 */
export function BulkEditPage() {
  const properties = useProperties();
  const b = useBulkEdit();
  const { def, session, preview } = b;
  const t = useT();
  const texts = useSchemaTexts();
  if (b.batch > 0) return <BatchScreen batch={b.batch} />;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="bulk-edit-page">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        {t('facts.bulk_edit')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('many.section')}
          value={b.sectionKey}
          onChange={(e) => b.chooseSection(e.target.value)}
          sx={{ minWidth: 260, mb: 2 }}
        >
          {DOCUMENTS.map((s) => (
            <MenuItem key={s.key} value={s.key}>
              {texts ? sectionTitle(texts, s.key, s.title) : s.title}
            </MenuItem>
          ))}
        </TextField>
        {!def || !session ? (
          <LinearProgress aria-label={t('many.loading_section')} />
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
      <ApplyBar b={b} />
      {preview && <PreviewCard preview={preview} />}
      <RecentBatches />
    </Box>
  );
}
