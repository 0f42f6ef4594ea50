import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useFormat } from '../i18n';
import type { FeatureUpdateWire } from '../../shared/generated/wire-types';

/** One feature update: date, category badge, header and body. */
export function FeatureUpdateItem({ update }: { update: FeatureUpdateWire }) {
  const fmt = useFormat();
  return (
    <Box component="article" sx={{ py: 1.5 }} data-testid="feature-update">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {fmt.date(update.message_date)}
        </Typography>
        <Chip size="small" color="secondary" label={update.message_category} />
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {update.message_header}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        {update.message_body}
      </Typography>
    </Box>
  );
}
