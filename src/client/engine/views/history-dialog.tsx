import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ChangeList, RevisionCard } from './history-changes';
import { useSectionHistory } from './use-section-history';
import { useT } from '../../i18n';

interface Props {
  open: boolean;
  propertyId: number;
  section: string;
  title: string;
  /** Restoring is a save: offered only to who may edit facts. */
  canRestore: boolean;
  onClose(): void;
  /** After a restore: the editor reads the section again. */
  onRestored(): void;
}

/**
 * A section's history (issue 29 §1): every saved revision with who, when and what changed; a
 * revision can be restored after its diff against the current state is shown and confirmed.
 */
export function HistoryDialog({ open, propertyId, section, title, canRestore, onClose, onRestored }: Props) {
  const { history, loadError, preview, setPreview, error, busy, choose, restore } = useSectionHistory({
    open,
    propertyId,
    section,
    onClose,
    onRestored,
  });
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="history-title" maxWidth="md" fullWidth>
      <DialogTitle id="history-title">
        {preview
          ? t('engine.history_restore_title', { revision: preview.revision, title })
          : t('engine.history_of', { title })}
      </DialogTitle>
      <DialogContent>
        {(error ?? loadError) && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error ?? loadError}
          </Alert>
        )}
        {preview ? (
          <>
            <Typography gutterBottom>{t('engine.history_restore_explain')}</Typography>
            <ChangeList section={section} changes={preview.changes} />
          </>
        ) : !history ? (
          !loadError && <LinearProgress aria-label={t('engine.history_loading')} />
        ) : history.revisions.length === 0 ? (
          <Typography color="text.secondary">{t('engine.history_empty')}</Typography>
        ) : (
          history.revisions.map((r) => (
            <RevisionCard
              key={r.revision}
              r={r}
              section={section}
              current={r.revision === history.current_revision}
              canRestore={canRestore}
              onChoose={(n) => void choose(n)}
            />
          ))
        )}
      </DialogContent>
      <DialogActions>
        {preview ? (
          <>
            <Button onClick={() => setPreview(null)}>{t('engine.back')}</Button>
            <Button variant="contained" disabled={busy} onClick={() => void restore()}>
              {t('engine.history_restore', { revision: preview.revision })}
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>{t('engine.close')}</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The History button of a section or list, with its dialog. */
export function HistoryButton(props: Omit<Props, 'open' | 'onClose'>) {
  const [open, setOpen] = useState(false);
  const t = useT();
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={t('engine.history_of', { title: props.title })}>
        {t('engine.history')}
      </Button>
      {open && <HistoryDialog {...props} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
