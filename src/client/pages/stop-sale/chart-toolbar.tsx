import { memo, type Dispatch, type SetStateAction } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { STATES, type DayState } from './chart-model';

// The state picker does not change with the cells: a drag repaints the grid, not it. A key that
// sets a state chooses it here too, so the toolbar always shows what the next click paints; then
// only the two buttons whose pressed state changed repaint (a button group would repaint all six).
const PICKS = [
  ...STATES.map((s) => ({ value: s.color as DayState, label: `${s.color + 1} ${s.label}` })),
  { value: null, label: 'Clear' },
];
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
  return (
    <Box role="group" aria-label="State to set" sx={GROUPED}>
      {PICKS.map((p) => (
        <PickButton key={p.label} value={p.value} label={p.label} selected={paint === p.value} setPaint={setPaint} />
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
  return (
    <>
      {canPublish && (
        <>
          <Button onClick={onGenerate}>Generate Chart</Button>
          <Button component={RouterLink} to="/exportcentre">
            Send via E-mail
          </Button>
        </>
      )}
      {canEdit && (
        <>
          <Button onClick={onBulk}>Set a range…</Button>
          <Button disabled={!canUndo} onClick={onUndo}>
            Undo
          </Button>
          <Button
            variant="contained"
            disabled={!pending || saving}
            onClick={onSave}
            title="Save Changes (Ctrl+S)"
            aria-keyshortcuts="Control+S Meta+S"
          >
            Save Changes
          </Button>
        </>
      )}
    </>
  );
});

export const Hint = memo(function Hint({ pending }: { pending: boolean }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      Choose a state, then click a day or drag across days and rooms. Keyboard: arrows move, shift+arrows select, 1–5
      set a state, Delete clears, Ctrl+S saves.
      {pending ? ' Changes not saved yet.' : ''}
    </Typography>
  );
});
