import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ContractedPropertiesQueryWire, OverrideReviewsQueryWire } from '../../../shared/generated/wire-types';
import { useContractedProperties, useOverrideReviews } from './operator-api';

const PENDING: OverrideReviewsQueryWire = { status: 'pending' };
const NEWEST: ContractedPropertiesQueryWire = { sort: 'changed' };

/** The hotel's dashboard: partners' changes of its facts that wait for its review. */
export function ReviewsPanel() {
  const { data, isError } = useOverrideReviews(PENDING);
  if (isError) return <Typography color="text.secondary">The reviews could not be loaded.</Typography>;
  if (!data) return <Typography color="text.secondary">Loading…</Typography>;
  return (
    <Box data-testid="waiting-reviews">
      <Typography sx={{ mb: 1 }}>
        {data.count === 0
          ? 'Nothing waits for your review.'
          : `${data.count} ${data.count === 1 ? 'change waits' : 'changes wait'} for your review.`}
      </Typography>
      <Button component={RouterLink} to="/fact-reviews" size="small">
        Fact reviews
      </Button>
    </Box>
  );
}

/** The operator's dashboard: the hotels whose facts changed since it looked, newest publication first. */
export function ChangedHotelsPanel() {
  const { data, isError } = useContractedProperties(NEWEST, 1);
  if (isError) return <Typography color="text.secondary">The hotels could not be loaded.</Typography>;
  if (!data) return <Typography color="text.secondary">Loading…</Typography>;
  const changed = data.results.filter((p) => p.unseen || p.overrides_drift > 0);
  return (
    <Box data-testid="changed-hotels">
      {changed.length === 0 ? (
        <Typography color="text.secondary">Nothing changed since you looked.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
          {changed.slice(0, 5).map((p) => (
            <Box component="li" key={p.id}>
              <Link component={RouterLink} to={`/fact-sheet/${p.id}`}>
                {p.hotel_name}
              </Link>
              <Typography component="span" variant="body2" color="text.secondary">
                {[
                  p.unseen && ' new facts',
                  p.overrides_drift > 0 && ` ${p.overrides_drift} of your overrides changed by the hotel`,
                ]
                  .filter(Boolean)
                  .join(';')}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Button component={RouterLink} to="/fact-sheet" size="small" sx={{ mt: 1 }}>
        All fact sheets
      </Button>
    </Box>
  );
}
