import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Choice } from '../../engine/core/form-adapter';
import type { OptionLabels } from '../../engine/data/options';
import { formatNotificationDate } from '../../format/dates';
import type { ContractWire } from '../../../shared/generated/wire-types';
import { categoryOf } from './contract-terms';
import { formatTerm } from './partners-format';

type Version = ContractWire['versions'][number];

const KIND: Record<Version['kind'], string> = {
  proposal: 'Proposal',
  counter: 'Counter-proposal',
  amendment: 'Amendment',
};
const OUTCOME: Record<string, { text: string; color: 'success' | 'error' | 'default' | 'info' }> = {
  accepted: { text: 'Accepted', color: 'success' },
  rejected: { text: 'Rejected', color: 'error' },
  withdrawn: { text: 'Withdrawn', color: 'default' },
  countered: { text: 'Answered with a counter-proposal', color: 'info' },
  superseded: { text: 'Superseded', color: 'default' },
  canceled: { text: 'Dropped by the cancellation', color: 'default' },
};

interface Props {
  contract: ContractWire;
  labels: OptionLabels;
  properties: readonly Choice[];
}

/** Every version of the contract, oldest first: who proposed it and when, what became of it, and each term it changed (old → new). */
export function VersionsTimeline({ contract, labels, properties }: Props) {
  const names = new Map(properties.map((p) => [String(p.value), p.label]));
  const wordsOf = (field: string): ReadonlyMap<string, string> | undefined => {
    if (field === 'properties') return names;
    if (field === 'override_moderation')
      return new Map([['', '0 · Undefined'], ...(labels.get('contractModeration') ?? new Map())]);
    const category = categoryOf(field);
    return category ? labels.get(category) : undefined;
  };
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Versions">
      {contract.versions.map((v) => {
        const outcome = v.outcome ? OUTCOME[v.outcome] : undefined;
        const open = !v.outcome && v.number === contract.version;
        return (
          <Box
            component="li"
            key={v.number}
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
                  Version {v.number} · {KIND[v.kind]}
                </Typography>
                {outcome && <Chip size="small" label={outcome.text} color={outcome.color} variant="outlined" />}
                {open && (
                  <Chip
                    size="small"
                    label={contract.status === 'D' ? 'Draft' : 'Open'}
                    color="primary"
                    variant="outlined"
                  />
                )}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {v.proposed_by_company}
                {v.proposed_by_name ? ` (${v.proposed_by_name})` : ''} · {formatNotificationDate(v.created_at)} UTC
                {v.decided_at ? ` · decided ${formatNotificationDate(v.decided_at)} UTC` : ''}
              </Typography>
              {v.changes.length > 0 ? (
                <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }} aria-label={`Changes in version ${v.number}`}>
                  {v.changes.map((c) => (
                    <Typography component="li" variant="body2" key={c.field} data-field={c.field}>
                      {c.label}: <s>{formatTerm(c.from, wordsOf(c.field))}</s> →{' '}
                      <strong>{formatTerm(c.to, wordsOf(c.field))}</strong>
                    </Typography>
                  ))}
                </Box>
              ) : (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {v.number === 1 ? 'The first proposal.' : 'No term changed.'}
                </Typography>
              )}
            </Paper>
          </Box>
        );
      })}
    </Box>
  );
}
