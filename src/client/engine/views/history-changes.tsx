import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SectionHistoryWire } from '../../../shared/generated/wire-types';
import type { MessageKey } from '../../../shared/i18n/messages';
import { Isolate, useFormat, useT } from '../../i18n';
import { useSectionDefinitions } from '../data/use-section-definitions';
import { sectionDocument, useChangeWords } from '../texts/use-change-words';

type Revision = SectionHistoryWire['revisions'][number];
type Change = Revision['changes'][number];

const ACTION_WORDS: Record<string, MessageKey> = {
  baseline: 'engine.history_action_baseline',
  create: 'engine.history_action_create',
  update: 'engine.history_action_save',
  save: 'engine.history_action_save',
  delete: 'engine.history_action_delete',
  restore: 'engine.history_action_restore',
};

/** A revision's changes, each in the interface's language (the section's translated titles and option labels). */
export function ChangeList({ section, changes }: { section: string; changes: readonly Change[] }) {
  const t = useT();
  const doc = sectionDocument(section, useSectionDefinitions([section]));
  const words = useChangeWords();
  if (!changes.length) return <Typography color="text.secondary">{t('engine.history_no_changes')}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="history-changes">
      {changes.map((c) => (
        <li key={c.field}>{words.line(doc, c)}</li>
      ))}
    </Box>
  );
}

/** One revision: who did what and when, its changes, and (unless it is the current one) Restore. */
export function RevisionCard({
  r,
  section,
  current,
  canRestore,
  onChoose,
}: {
  r: Revision;
  section: string;
  current: boolean;
  canRestore: boolean;
  onChoose(revision: number): void;
}) {
  const t = useT();
  const format = useFormat();
  const action = ACTION_WORDS[r.action];
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, mb: 1 }}
      data-testid="history-revision"
      aria-label={t('engine.history_revision', { revision: r.revision })}
      component="section"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>{t('engine.history_revision', { revision: r.revision })}</Typography>
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {r.restored_from
            ? t('engine.history_restored_from', { revision: r.restored_from })
            : action
              ? t(action)
              : r.action}{' '}
          · {r.created_at ? format.dateTime(r.created_at) : ''} ·{' '}
          {r.actor_email ? <Isolate>{r.actor_email}</Isolate> : t('engine.history_someone')}
        </Typography>
        {current ? (
          <Typography color="text.secondary">{t('engine.history_current')}</Typography>
        ) : (
          canRestore && (
            <Button
              size="small"
              onClick={() => onChoose(r.revision)}
              aria-label={t('engine.history_restore', { revision: r.revision })}
            >
              {t('engine.history_restore_button')}
            </Button>
          )
        )}
      </Box>
      <ChangeList section={section} changes={r.changes} />
    </Paper>
  );
}
