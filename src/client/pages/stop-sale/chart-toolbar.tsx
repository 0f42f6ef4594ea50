import { memo, type Dispatch, type SetStateAction } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { useFormat, useT } from '../../i18n';
import { STATES, type DayState } from './chart-model';
import { STATE_KEYS } from '../../i18n/stop-sale-states';

// The state picker does not change with the cells: a drag repaints the grid, not it. A key that
// sets a state chooses it here too, so the toolbar always shows what the next click paints; then
// only the two buttons whose pressed state changed repaint (a button group would repaint all six).
const PICKS: DayState[] = [...STATES.map((s) => s.color as DayState), null];
const GROUPED = {
  display: 'flex',
  flexWrap: 'wrap',
  mb: 1.5,
  '& > .MuiToggleButton-root:not(:first-of-type)': { ml: '-1px', borderTopLeftRadius: 0, borderBottomLeftRadius: 0 },
  '& > .MuiToggleButton-root:not(:last-of-type)': { borderTopRightRadius: 0, borderBottomRightRadius: 0 },
} as const;

const PickButton = memo(function PickButton({
  value,
  label,
  selected,
  setPaint,
}: {
  value: DayState;
  label: string;
  selected: boolean;
  setPaint: Dispatch<SetStateAction<DayState>>;
}) {
  return (
    <ToggleButton size="small" value={value ?? 'clear'} selected={selected} onChange={() => setPaint(value)}>
      {label}
    </ToggleButton>
  );
});

export const StatePicker = memo(function StatePicker({
  paint,
  setPaint,
}: {
  paint: DayState;
  setPaint: Dispatch<SetStateAction<DayState>>;
}) {
  const t = useT();
  const format = useFormat();
  // The key that sets a state (1-5) before its name, in the language's digits.
  const label = (value: DayState) =>
    value === null
      ? t('stop-sale.clear')
      : `${format.number(value + 1)} ${t(STATE_KEYS[value as keyof typeof STATE_KEYS])}`;
  return (
    <Box role="group" aria-label={t('stop-sale.state_to_set')} sx={GROUPED}>
      {PICKS.map((value) => (
        <PickButton
          key={value ?? 'clear'}
          value={value}
          label={label(value)}
          selected={paint === value}
          setPaint={setPaint}
        />
      ))}
    </Box>
  );
});

interface ActionsProps {
  canPublish: boolean;
  canEdit: boolean;
  canUndo: boolean;
  pending: boolean;
  saving: boolean;
  onGenerate(): void;
  onBulk(): void;
  onUndo(): void;
  onSave(): void;
}

// Memoised on its flags: a keystroke repaints it only when Undo or Save changes.
export const Actions = memo(function Actions({
  canPublish,
  canEdit,
  canUndo,
  pending,
  saving,
  onGenerate,
  onBulk,
  onUndo,
  onSave,
}: ActionsProps) {
  const t = useT();
  return (
    <>
      {canPublish && (
        <>
          <Button onClick={onGenerate}>{t('stop-sale.generate_chart')}</Button>
          <Button component={RouterLink} to="/exportcentre">
            {t('stop-sale.send_email')}
          </Button>
        </>
      )}
      {canEdit && (
        <>
          <Button onClick={onBulk}>{t('stop-sale.set_range')}</Button>
          <Button disabled={!canUndo} onClick={onUndo}>
            {t('stop-sale.undo')}
          </Button>
          <Button
            variant="contained"
            disabled={!pending || saving}
            onClick={onSave}
            title={t('stop-sale.save_changes_shortcut')}
            aria-keyshortcuts="Control+S Meta+S"
          >
            {t('stop-sale.save_changes')}
          </Button>
        </>
      )}
    </>
  );
});

export const Hint = memo(function Hint({ pending }: { pending: boolean }) {
  const t = useT();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {t('stop-sale.hint')}
      {pending ? ` ${t('stop-sale.not_saved_yet')}` : ''}
    </Typography>
  );
});
