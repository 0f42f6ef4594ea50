import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { useFormat, useT } from '../../i18n';
import { useConfirmSection, useFreshness } from './next-steps-api';

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
  const t = useT();
  const format = useFormat();
  if (!freshness) return null;
  const mine = freshness.sections.filter((s) => sections.includes(s.section) && s.confirmed_at);
  const seasonal = freshness.seasonal.filter((s) => sections.includes(s.section));
  if (!mine.length && !seasonal.length) return null;
  const still = async (section: string, title: string) => {
    try {
      await confirm.mutateAsync(section);
      enqueueSnackbar(t('next-steps.confirmed', { title }), { variant: 'success' });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };
  return (
    <Stack spacing={1} data-testid="freshness-bar">
      {mine.map((s) => {
        const values = { title: s.title, date: format.date(s.confirmed_at!) };
        const action = readOnly ? undefined : (
          <Button
            color="inherit"
            size="small"
            onClick={() => void still(s.section, s.title)}
            disabled={confirm.isPending}
          >
            {t('next-steps.still_correct')}
          </Button>
        );
        return s.stale ? (
          <Alert key={s.section} severity="warning" action={action} data-testid="freshness-stale">
            {t('next-steps.stale', { ...values, count: freshness.freshness_days })}
          </Alert>
        ) : (
          <Stack key={s.section} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="freshness-ok">
            <Typography variant="body2" color="text.secondary">
              {t('next-steps.last_confirmed', values)}
            </Typography>
            {action}
          </Stack>
        );
      })}
      {seasonal.map((s, i) => (
        <Alert key={`${s.field}-${s.row ?? i}`} severity="info" data-testid="seasonal-ended">
          {t('next-steps.seasonal_ended_update', { title: s.title, label: s.label, date: format.date(s.ended_on) })}
        </Alert>
      ))}
    </Stack>
  );
}
