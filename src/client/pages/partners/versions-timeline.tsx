import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Choice } from '../../engine/core/form-adapter';
import type { OptionLabels } from '../../engine/data/options';
import { useFormat, useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';
import type { ContractWire } from '../../../shared/generated/wire-types';
import { categoryOf } from './contract-terms';
import { formatTerm } from './partners-format';
import { useChangeWords, type ChangedDocument, type ChangeWords } from '../../engine/texts/use-change-words';

/** The terms a version changes are contract-terms' fields: their titles in the interface's language come from there. */
const TERMS: ChangedDocument = { file: 'partners/contract-terms.schema.json' };

type Version = ContractWire['versions'][number];

const KIND: Record<Version['kind'], MessageKey> = {
  proposal: 'partners.kind_proposal',
  counter: 'partners.kind_counter',
  amendment: 'partners.kind_amendment',
};
const OUTCOME: Record<string, { text: MessageKey; color: 'success' | 'error' | 'default' | 'info' }> = {
  accepted: { text: 'partners.outcome_accepted', color: 'success' },
  rejected: { text: 'partners.outcome_rejected', color: 'error' },
  withdrawn: { text: 'partners.outcome_withdrawn', color: 'default' },
  countered: { text: 'partners.outcome_countered', color: 'info' },
  superseded: { text: 'partners.outcome_superseded', color: 'default' },
  canceled: { text: 'partners.outcome_canceled', color: 'default' },
};

interface Props {
  contract: ContractWire;
  labels: OptionLabels;
  properties: readonly Choice[];
}

/** The terms a version changed, old struck through and new in bold; the first proposal says so. */
function VersionChanges({
  v,
  words,
  wordsOf,
}: {
  v: Version;
  words: ChangeWords;
  wordsOf(field: string): ReadonlyMap<string, string> | undefined;
}) {
  const t = useT();
  return v.changes.length > 0 ? (
    <Box
      component="ul"
      sx={{ m: 0, mt: 1, pl: 2.5 }}
      aria-label={t('partners.changes_in_version', { version: v.number })}
    >
      {v.changes.map((c) => (
        <Typography component="li" variant="body2" key={c.field} data-field={c.field}>
          {words.label(TERMS, c)}: <s>{formatTerm(c.from, t, wordsOf(c.field))}</s> →{' '}
          <strong>{formatTerm(c.to, t, wordsOf(c.field))}</strong>
        </Typography>
      ))}
    </Box>
  ) : (
    <Typography variant="body2" sx={{ mt: 1 }}>
      {v.number === 1 ? t('partners.first_proposal') : t('partners.no_term_changed')}
    </Typography>
  );
}

/** One version: its kind, what became of it, who proposed it and when, and each term it changed (old → new). */
function VersionItem({
  v,
  contract,
  words,
  wordsOf,
}: {
  v: Version;
  contract: ContractWire;
  words: ChangeWords;
  wordsOf(field: string): ReadonlyMap<string, string> | undefined;
}) {
  const t = useT();
  const fmt = useFormat();
  const outcome = v.outcome ? OUTCOME[v.outcome] : undefined;
  const open = !v.outcome && v.number === contract.version;
  return (
    <Box
      component="li"
      data-version={v.number}
      sx={{
        position: 'relative',
        pl: 3,
        pb: 2,
        borderLeft: 2,
        borderColor: open ? 'primary.main' : 'divider',
        ml: 1,
      }}
    >
      <Box
        sx={{
          position: 'absolute',
          left: -7,
          top: 4,
          width: 12,
          height: 12,
          borderRadius: '50%',
          bgcolor: open ? 'primary.main' : 'text.disabled',
        }}
        aria-hidden
      />
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('partners.version_kind', { version: v.number, kind: t(KIND[v.kind]) })}
          </Typography>
          {outcome && <Chip size="small" label={t(outcome.text)} color={outcome.color} variant="outlined" />}
          {open && (
            <Chip
              size="small"
              label={contract.status === 'D' ? t('partners.draft') : t('partners.open')}
              color="primary"
              variant="outlined"
            />
          )}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {v.proposed_by_company}
          {v.proposed_by_name ? ` (${v.proposed_by_name})` : ''} ·{' '}
          {t('partners.utc_time', { time: fmt.dateTime(v.created_at) })}
          {v.decided_at ? ` · ${t('partners.decided_at', { time: fmt.dateTime(v.decided_at) })}` : ''}
        </Typography>
        <VersionChanges v={v} words={words} wordsOf={wordsOf} />
      </Paper>
    </Box>
  );
}

/** Every version of the contract, oldest first: who proposed it and when, what became of it, and each term it changed (old → new). */
export function VersionsTimeline({ contract, labels, properties }: Props) {
  const t = useT();
  const words = useChangeWords();
  const names = new Map(properties.map((p) => [String(p.value), p.label]));
  const wordsOf = (field: string): ReadonlyMap<string, string> | undefined => {
    if (field === 'properties') return names;
    if (field === 'override_moderation')
      return new Map([['', t('partners.moderation_undefined')], ...(labels.get('contractModeration') ?? new Map())]);
    const category = categoryOf(field);
    return category ? labels.get(category) : undefined;
  };
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('partners.versions')}>
      {contract.versions.map((v) => (
        <VersionItem key={v.number} v={v} contract={contract} words={words} wordsOf={wordsOf} />
      ))}
    </Box>
  );
}
