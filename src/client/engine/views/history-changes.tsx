import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SectionHistoryWire } from '../../../shared/generated/wire-types';

type Revision = SectionHistoryWire['revisions'][number];
type Change = Revision['changes'][number];

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

export function ChangeList({ changes }: { changes: readonly Change[] }) {
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

/** One revision: who did what and when, its changes, and (unless it is the current one) Restore. */
export function RevisionCard({
  r,
  current,
  canRestore,
  onChoose,
}: {
  r: Revision;
  current: boolean;
  canRestore: boolean;
  onChoose(revision: number): void;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, mb: 1 }}
      data-testid="history-revision"
      aria-label={`Revision ${r.revision}`}
      component="section"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>Revision {r.revision}</Typography>
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {ACTION_WORDS[r.action] ?? r.action}
          {r.restored_from ? ` revision ${r.restored_from}` : ''} ·{' '}
          {r.created_at ? new Date(r.created_at).toLocaleString() : ''} · {r.actor_email ?? 'someone'}
        </Typography>
        {current ? (
          <Typography color="text.secondary">Current</Typography>
        ) : (
          canRestore && (
            <Button size="small" onClick={() => onChoose(r.revision)} aria-label={`Restore revision ${r.revision}`}>
              Restore…
            </Button>
          )
        )}
      </Box>
      <ChangeList changes={r.changes} />
    </Paper>
  );
}
