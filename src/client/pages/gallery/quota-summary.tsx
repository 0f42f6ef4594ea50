import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { quotaHint, quotaPercent, quotaText } from './quota';
import { useFormat, useT } from '../../i18n';
import { useImageCount } from './use-image-count';

/** The account's photos against the plan: "12 of 25 photos" with a bar, or unlimited on Premium. */
export function QuotaSummary() {
  const { data, isError } = useImageCount();
  const t = useT();
  const format = useFormat();
  if (isError) return null;
  if (!data) return <LinearProgress aria-label={t('gallery.loading_count')} sx={{ maxWidth: 240 }} />;
  const hint = quotaHint(data, t);
  const full = data.limit !== null && data.images >= data.limit;
  return (
    <Box data-testid="photo-quota">
      <Typography sx={{ fontWeight: 600 }} data-testid="photo-quota-text">
        {quotaText(data, t)}
      </Typography>
      {data.limit !== null && (
        <LinearProgress
          variant="determinate"
          value={quotaPercent(data)}
          color={full ? 'warning' : 'primary'}
          aria-label={t('gallery.quota_used', { percent: format.percent(quotaPercent(data) / 100) })}
          sx={{ height: 8, borderRadius: 4, my: 1, maxWidth: 320 }}
        />
      )}
      {hint && (
        <Typography variant="body2" color={full ? 'warning.main' : 'text.secondary'}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}
