import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { dayLabel, useConfirmSection, useFreshness } from './next-steps-api';

/**
 * The top of an editor tab: when each of its sections was last confirmed, "Still correct" to
 * confirm one without changing it, a warning once the hotel's period has passed, and the
 * seasonal facts of the tab whose range has ended.
 */
export function FreshnessBar({
  propertyId,
  sections,
  readOnly,
}: {
  propertyId: number;
  sections: readonly string[];
  readOnly: boolean;
}) {
  const freshness = useFreshness(propertyId).data;
  const confirm = useConfirmSection(propertyId);
  const { enqueueSnackbar } = useSnackbar();
  if (!freshness) return null;
  const mine = freshness.sections.filter((s) => sections.includes(s.section) && s.confirmed_at);
  const seasonal = freshness.seasonal.filter((s) => sections.includes(s.section));
  if (!mine.length && !seasonal.length) return null;
  const still = async (section: string, title: string) => {
    try {
      await confirm.mutateAsync(section);
      enqueueSnackbar(`${title} confirmed as still correct.`, { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };
  return (
    <Stack spacing={1} data-testid="freshness-bar">
      {mine.map((s) => {
        const text = `${s.title}: last confirmed ${dayLabel(s.confirmed_at!)}`;
        const action = readOnly ? undefined : (
          <Button
            color="inherit"
            size="small"
            onClick={() => void still(s.section, s.title)}
            disabled={confirm.isPending}
          >
            Still correct
          </Button>
        );
        return s.stale ? (
          <Alert key={s.section} severity="warning" action={action} data-testid="freshness-stale">
            {text}, more than {freshness.freshness_days} days ago. Check it, then save or confirm it.
          </Alert>
        ) : (
          <Stack key={s.section} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="freshness-ok">
            <Typography variant="body2" color="text.secondary">
              {text}
            </Typography>
            {action}
          </Stack>
        );
      })}
      {seasonal.map((s, i) => (
        <Alert key={`${s.field}-${s.row ?? i}`} severity="info" data-testid="seasonal-ended">
          {s.title} › {s.label}: ended {dayLabel(s.ended_on)}. Update or remove it.
        </Alert>
      ))}
    </Stack>
  );
}
