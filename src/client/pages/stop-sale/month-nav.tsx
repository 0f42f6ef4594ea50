import { memo, type Dispatch, type SetStateAction } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { currentMonth, monthTitle, shiftMonth } from './chart-model';

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
  return (
    <>
      <IconButton aria-label="Previous month" onClick={() => setMonth((m) => shiftMonth(m, -1))}>
        ‹
      </IconButton>
      <Typography variant="h6" component="h2" sx={{ minWidth: 170, textAlign: 'center' }} aria-live="polite">
        {monthTitle(month)}
      </Typography>
      <IconButton aria-label="Next month" onClick={() => setMonth((m) => shiftMonth(m, 1))}>
        ›
      </IconButton>
      <Button size="small" onClick={() => setMonth(currentMonth())}>
        Today
      </Button>
    </>
  );
});
