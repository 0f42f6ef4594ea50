import { Link as RouterLink } from 'react-router-dom';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { NextStepsWire } from '../../../shared/generated/wire-types';
import { ReportBlock } from '../../components/figures';
import type { MessageKey } from '../../../shared/i18n/messages';
import { useT } from '../../i18n';

type Step = NextStepsWire['getting_started'][number];

/** Each first step in words (the server names them in English; a step it adds later shows so). */
const STEP_WORDS: Readonly<Record<string, MessageKey>> = {
  add_property: 'next-steps.step_add_property',
  fill_facts: 'next-steps.step_fill_facts',
  add_photos: 'next-steps.step_add_photos',
  publish: 'next-steps.step_publish',
  find_hotels: 'next-steps.step_find_hotels',
  propose_contract: 'next-steps.step_propose_contract',
};

/** All first steps done: the checklist has served its purpose. */
export const started = (steps: readonly Step[]): boolean => steps.every((s) => s.done);

/**
 * A new account's first dashboard: its first steps in order, each ticked when done and linking to
 * where it is done; shown until every one is done.
 */
export function GettingStarted({ steps }: { steps: readonly Step[] }) {
  const t = useT();
  if (!steps.length || started(steps)) return null;
  const done = steps.filter((s) => s.done).length;
  return (
    <ReportBlock
      title={t('next-steps.getting_started')}
      action={
        <Typography variant="body2" color="text.secondary">
          {t('next-steps.done_of', { done, total: steps.length })}
        </Typography>
      }
    >
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="getting-started">
        {steps.map((s) => {
          const title = STEP_WORDS[s.key] ? t(STEP_WORDS[s.key]!) : s.title;
          return (
            <Box
              component="li"
              key={s.key}
              data-step={s.key}
              data-done={s.done}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}
            >
              {s.done ? (
                <CheckCircleIcon color="success" fontSize="small" aria-label={t('next-steps.done')} />
              ) : (
                <RadioButtonUncheckedIcon color="action" fontSize="small" aria-label={t('next-steps.to_do')} />
              )}
              {s.done ? (
                <Typography color="text.secondary" sx={{ textDecoration: 'line-through' }}>
                  {title}
                </Typography>
              ) : (
                <Link component={RouterLink} to={s.link}>
                  {title}
                </Link>
              )}
            </Box>
          );
        })}
      </Box>
    </ReportBlock>
  );
}
