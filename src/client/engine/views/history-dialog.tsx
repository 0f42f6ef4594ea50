import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { api } from '../../api/client';
import { errorMessages, unwrap } from '../../api/errors';
import type { SectionHistoryWire, SectionRevisionWire } from '../../../shared/generated/wire-types';

type Change = SectionHistoryWire['revisions'][number]['changes'][number];

const ACTION_WORDS: Record<string, string> = {
  baseline: 'As it was before history was kept',
  create: 'Created',
  update: 'Saved',
  save: 'Saved',
  delete: 'Deleted a row',
  restore: 'Restored',
};

/** A value as the diff shows it: words for empty, lists joined, a whole row by its name (the label says which). */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (Array.isArray(value)) return value.length ? value.map(shown).join(', ') : 'empty';
  if (typeof value === 'object') return '…';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

function ChangeList({ changes }: { changes: readonly Change[] }) {
  if (!changes.length) return <Typography color="text.secondary">No changes.</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="history-changes">
      {changes.map((c) => (
        <li key={c.field}>
          {/added$|removed$/.test(c.label) ? c.label : `${c.label}: ${shown(c.from)} → ${shown(c.to)}`}
        </li>
      ))}
    </Box>
  );
}

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
  const [preview, setPreview] = useState<SectionRevisionWire | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const path = { id: propertyId, section };
  // Read each time the dialog opens (never cached: the point is to see the latest saves).
  const query = useQuery({
    queryKey: ['facts-history', propertyId, section],
    queryFn: () => unwrap(api.GET('/api/facts/history/{id}/{section}/', { params: { path: { id: propertyId, section } } })),
    enabled: open,
    gcTime: 0,
    staleTime: 0,
  });
  const history = query.data ?? null;
  const loadError = query.error ? errorMessages(query.error).join(' ') : null;

  const choose = async (revision: number) => {
    setError(null);
    try {
      setPreview(await unwrap(api.GET('/api/facts/history/{id}/{section}/{revision}/', { params: { path: { ...path, revision } } })));
    } catch (e) {
      setError(errorMessages(e).join(' '));
    }
  };

  const restore = async () => {
    if (!preview) return;
    setBusy(true);
    setError(null);
    try {
      await unwrap(api.POST('/api/facts/history/{id}/{section}/{revision}/restore/', { params: { path: { ...path, revision: preview.revision } }, body: { current_revision: preview.current_revision } }));
      onRestored();
      onClose();
    } catch (e) {
      // Stale (409) or refused by today's rules (400): say why and show the history as it is now.
      setError(errorMessages(e).join(' '));
      setPreview(null);
      void query.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="history-title" maxWidth="md" fullWidth>
      <DialogTitle id="history-title">{preview ? `Restore revision ${preview.revision} of ${title}?` : `History of ${title}`}</DialogTitle>
      <DialogContent>
        {(error ?? loadError) && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error ?? loadError}
          </Alert>
        )}
        {preview ? (
          <>
            <Typography gutterBottom>Restoring saves these changes as a new revision (nothing in the history is lost):</Typography>
            <ChangeList changes={preview.changes} />
          </>
        ) : !history ? (
          !loadError && <LinearProgress aria-label="Loading history" />
        ) : history.revisions.length === 0 ? (
          <Typography color="text.secondary">Not saved yet.</Typography>
        ) : (
          history.revisions.map((r) => (
            <Paper key={r.revision} variant="outlined" sx={{ p: 1.5, mb: 1 }} data-testid="history-revision" aria-label={`Revision ${r.revision}`} component="section">
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>Revision {r.revision}</Typography>
                <Typography color="text.secondary" sx={{ flex: 1 }}>
                  {ACTION_WORDS[r.action] ?? r.action}
                  {r.restored_from ? ` revision ${r.restored_from}` : ''} · {r.created_at ? new Date(r.created_at).toLocaleString() : ''} · {r.actor_email ?? 'someone'}
                </Typography>
                {r.revision === history.current_revision ? (
                  <Typography color="text.secondary">Current</Typography>
                ) : (
                  canRestore && (
                    <Button size="small" onClick={() => void choose(r.revision)} aria-label={`Restore revision ${r.revision}`}>
                      Restore…
                    </Button>
                  )
                )}
              </Box>
              <ChangeList changes={r.changes} />
            </Paper>
          ))
        )}
      </DialogContent>
      <DialogActions>
        {preview ? (
          <>
            <Button onClick={() => setPreview(null)}>Back</Button>
            <Button variant="contained" disabled={busy} onClick={() => void restore()}>
              Restore revision {preview.revision}
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>Close</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The History button of a section or list, with its dialog. */
export function HistoryButton(props: Omit<Props, 'open' | 'onClose'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`History of ${props.title}`}>
        History
      </Button>
      {open && <HistoryDialog {...props} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
