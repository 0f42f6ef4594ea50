import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { DefinitionForm } from '../../engine/views/definition-form';
import { useT } from '../../i18n';
import { CONTENTS, type OperatorExport } from './use-operator-export';

/**
 * Before an export starts: how many of the chosen hotels it will leave out because their hotel
 * never published them (the zip's skipped.txt says so afterwards, too late to choose again).
 */
function LeftOutNote({ chosen, leftOut }: { chosen: number; leftOut: number }) {
  const t = useT();
  if (!chosen || !leftOut) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="left-out">
      {leftOut >= chosen
        ? t('operator-exports.none_published', { count: chosen })
        : t('operator-exports.left_out', { count: leftOut, total: chosen })}
    </Alert>
  );
}

/** What goes in the zip, the fact sheets' options, and the button that starts the export. */
export function ContentsCard({ ex }: { ex: OperatorExport }) {
  const t = useT();
  const { chosen, contents } = ex;
  return (
    <SectionCard title={t('operator-exports.what_to_export')}>
      <FormGroup>
        {CONTENTS.map((c) => (
          <FormControlLabel
            key={c.key}
            control={
              <Checkbox checked={contents.has(c.key)} onChange={(e) => ex.toggleContent(c.key, e.target.checked)} />
            }
            label={
              <span>
                {t(c.label)}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  {`— ${t(c.hint)}`}
                </Typography>
              </span>
            }
          />
        ))}
      </FormGroup>
      <Box sx={{ mt: 1 }}>
        <DefinitionForm session={ex.session} idPrefix="export-sheet" />
      </Box>
      <LeftOutNote chosen={chosen} leftOut={ex.leftOut} />
      <Button
        variant="contained"
        onClick={() => void ex.start()}
        disabled={ex.busy || !chosen || !contents.size || ex.leftOut >= chosen}
      >
        {t('operator-exports.export_button', { count: chosen })}
      </Button>
    </SectionCard>
  );
}
