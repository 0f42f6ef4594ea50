import { Link as RouterLink } from 'react-router-dom';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { NextStepsWire } from '../../../shared/generated/wire-types';
import { ReportBlock } from '../../components/figures';

type Step = NextStepsWire['getting_started'][number];

/** All first steps done: the checklist has served its purpose. */
export const started = (steps: readonly Step[]): boolean => steps.every((s) => s.done);

/**
 * A new account's first dashboard: its first steps in order, each ticked when done and linking to
 * where it is done; shown until every one is done.
 */
export function GettingStarted({ steps }: { steps: readonly Step[] }) {
  if (!steps.length || started(steps)) return null;
  const done = steps.filter((s) => s.done).length;
  return (
    <ReportBlock
      title="Getting started"
      action={<Typography variant="body2" color="text.secondary">{`${done} of ${steps.length} done`}</Typography>}
    >
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="getting-started">
        {steps.map((s) => (
          <Box
            component="li"
            key={s.key}
            data-step={s.key}
            data-done={s.done}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}
          >
            {s.done ? (
              <CheckCircleIcon color="success" fontSize="small" aria-label="Done" />
            ) : (
              <RadioButtonUncheckedIcon color="action" fontSize="small" aria-label="To do" />
            )}
            {s.done ? (
              <Typography color="text.secondary" sx={{ textDecoration: 'line-through' }}>
                {s.title}
              </Typography>
            ) : (
              <Link component={RouterLink} to={s.link}>
                {s.title}
              </Link>
            )}
          </Box>
        ))}
      </Box>
    </ReportBlock>
  );
}
