import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ContractedPropertiesQueryWire, OverrideReviewsQueryWire } from '../../../shared/generated/wire-types';
import { useT } from '../../i18n';
import { useContractedProperties, useOverrideReviews } from './operator-api';

const PENDING: OverrideReviewsQueryWire = { status: 'pending' };
const NEWEST: ContractedPropertiesQueryWire = { sort: 'changed' };

/** The hotel's dashboard: partners' changes of its facts that wait for its review. */
export function ReviewsPanel() {
  const t = useT();
  const { data, isError } = useOverrideReviews(PENDING);
  if (isError) return <Typography color="text.secondary">{t('operator.reviews_load_failed')}</Typography>;
  if (!data) return <Typography color="text.secondary">{t('operator.loading')}</Typography>;
  return (
    <Box data-testid="waiting-reviews">
      <Typography sx={{ mb: 1 }}>{t('operator.reviews_waiting', { count: data.count })}</Typography>
      <Button component={RouterLink} to="/fact-reviews" size="small">
        {t('operator.fact_reviews')}
      </Button>
    </Box>
  );
}

/** The operator's dashboard: the hotels whose facts changed since it looked, newest publication first. */
export function ChangedHotelsPanel() {
  const t = useT();
  const { data, isError } = useContractedProperties(NEWEST, 1);
  if (isError) return <Typography color="text.secondary">{t('operator.hotels_load_failed')}</Typography>;
  if (!data) return <Typography color="text.secondary">{t('operator.loading')}</Typography>;
  const changed = data.results.filter((p) => p.unseen || p.overrides_drift > 0);
  return (
    <Box data-testid="changed-hotels">
      {changed.length === 0 ? (
        <Typography color="text.secondary">{t('operator.nothing_changed')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
          {changed.slice(0, 5).map((p) => (
            <Box component="li" key={p.id}>
              <Link component={RouterLink} to={`/fact-sheet/${p.id}`}>
                {p.hotel_name}
              </Link>
              <Typography component="span" variant="body2" color="text.secondary">
                {[
                  p.unseen && ` ${t('operator.new_facts')}`,
                  p.overrides_drift > 0 && ` ${t('operator.your_overrides_drift', { count: p.overrides_drift })}`,
                ]
                  .filter(Boolean)
                  .join(t('operator.list_separator'))}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Button component={RouterLink} to="/fact-sheet" size="small" sx={{ mt: 1 }}>
        {t('operator.all_fact_sheets')}
      </Button>
    </Box>
  );
}
