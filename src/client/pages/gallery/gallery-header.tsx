import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { quotaHint, quotaText } from './quota';
import { useT } from '../../i18n';
import { useImageCount } from './use-image-count';

/** "Photos", this gallery's count and the account's total against the plan (spec 001 §3: the total image count). */
export function GalleryHeader({ count, loading }: { count: number; loading: boolean }) {
  const total = useImageCount().data;
  const t = useT();
  const hint = total ? quotaHint(total, t) : undefined;
  const full = !!total && total.limit !== null && total.images >= total.limit;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }} data-testid="gallery-header">
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        {t('gallery.title')}
      </Typography>
      {!loading && <Chip size="small" label={t('gallery.count_here', { count })} data-testid="gallery-count" />}
      {total && (
        <Chip
          size="small"
          variant="outlined"
          color={full ? 'warning' : 'default'}
          label={t('gallery.account_count', { quota: quotaText(total, t) })}
          data-testid="image-count"
          title={t('gallery.account_count_title')}
        />
      )}
      {hint && (
        <Typography
          variant="body2"
          color={full ? 'warning.main' : 'text.secondary'}
          sx={{ width: '100%' }}
          data-testid="quota-hint"
        >
          {hint}
        </Typography>
      )}
    </Box>
  );
}
