import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSectionDefinitions } from '../../engine/data/use-section-definitions';
import { useChangeWords } from '../../engine/texts/use-change-words';
import { useFormat, useT } from '../../i18n';
import { bulkHeading, STATE_WORDS } from './bulk-words';
import { useBatches } from './many-api';

/** The last five bulk edits, each leading to its progress, outcomes and undo. */
export function RecentBatches() {
  const { data } = useBatches();
  const t = useT();
  const format = useFormat();
  const shown = data?.slice(0, 5) ?? [];
  const defs = useSectionDefinitions(shown.map((b) => b.section));
  const words = useChangeWords();
  if (!shown.length) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1">{t('many.recent')}</Typography>
      {shown.map((b) => (
        <Typography key={b.id} variant="body2">
          <Link component={RouterLink} to={`/bulk-edit?batch=${b.id}`}>
            {t('many.recent_batch', {
              when: format.dateTime(b.created_at),
              what: bulkHeading(words, format.list, b, defs),
              total: b.total,
              state: t(STATE_WORDS[b.state]),
            })}
          </Link>
        </Typography>
      ))}
    </Box>
  );
}
