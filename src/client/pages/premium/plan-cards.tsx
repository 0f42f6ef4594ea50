import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PlansWire } from '../../../shared/generated/wire-types';
import { useT } from '../../i18n';

/**
 * Free and Premium side by side: what each allows, the account's current one marked. `photos`:
 * whether the photo quota concerns the viewer (hotels; an operator holds no gallery).
 */
export function PlanCards({ plans, photos = true }: { plans: PlansWire; photos?: boolean }) {
  const t = useT();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `repeat(${plans.plans.length}, minmax(0, 1fr))` },
        mb: 3,
      }}
    >
      {plans.plans.map((p) => {
        const current = p.code === plans.current_plan;
        return (
          <Paper
            key={p.code}
            variant="outlined"
            sx={{ p: 3, borderColor: current ? 'primary.main' : undefined, borderWidth: current ? 2 : 1 }}
            data-plan={p.code}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
              <Typography variant="h5" component="h2" sx={{ flex: 1 }}>
                {p.title}
              </Typography>
              {current && <Chip color="primary" size="small" label={t('premium.your_plan')} />}
            </Box>
            {photos && (
              <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                {p.photo_quota === null ? t('premium.quota_unlimited') : t('premium.quota', { count: p.photo_quota })}
              </Typography>
            )}
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {p.features.map((f) => (
                <li key={f}>
                  <Typography variant="body2">{f}</Typography>
                </li>
              ))}
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
