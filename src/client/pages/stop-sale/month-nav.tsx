import { memo, type Dispatch, type SetStateAction } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useFormat, useT } from '../../i18n';
import { currentMonth, shiftMonth } from './chart-model';

/**
 * Previous / month / next / Today, for the hotel's chart and the operator's read-only one.
 * Memoised: a keystroke or a drag repaints the grid, not these.
 */
export const MonthNav = memo(function MonthNav({
  month,
  setMonth,
}: {
  month: string;
  setMonth: Dispatch<SetStateAction<string>>;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      <IconButton aria-label={t('stop-sale.previous_month')} onClick={() => setMonth((m) => shiftMonth(m, -1))}>
        ‹
      </IconButton>
      <Typography variant="h6" component="h2" sx={{ minWidth: 170, textAlign: 'center' }} aria-live="polite">
        {format.month(month)}
      </Typography>
      <IconButton aria-label={t('stop-sale.next_month')} onClick={() => setMonth((m) => shiftMonth(m, 1))}>
        ›
      </IconButton>
      <Button size="small" onClick={() => setMonth(currentMonth())}>
        {t('stop-sale.today')}
      </Button>
    </>
  );
});
