import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { Link as RouterLink, useBlocker } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessages } from '../../api/errors';
import { useSession } from '../../session/session';
import { useAbilities } from '../../session/use-can';
import { useProperties } from '../facts/queries';
import { ChartModel, currentMonth, localDay, monthDays, STATES, type DayState } from './chart-model';
import { MonthNav } from './month-nav';
import { fetchMonth, saveChart, syncKey, type MonthChart } from './stop-sale-api';
import { PartnerSyncPanel } from './partner-sync-panel';
import { Legend, StopSaleGrid, type Selection } from './stop-sale-grid';
import { rangeTitle, roomRanges, type RoomDays } from './day-ranges';
import { BulkDialog } from './bulk-dialog';
import { downloadChart, saveFile } from '../exports/exports-api';

/** The last calendar day inside a deadline of `hours` from now (a change of that day or earlier is late). */
const deadlineDay = (hours: number): string => localDay(new Date(Date.now() + hours * 3_600_000));

// The state picker does not change with the cells: a drag repaints the grid, not it. A key that
// sets a state chooses it here too, so the toolbar always shows what the next click paints; then
// only the two buttons whose pressed state changed repaint (a button group would repaint all six).
const PICKS = [...STATES.map((s) => ({ value: s.color as DayState, label: `${s.color + 1} ${s.label}` })), { value: null, label: 'Clear' }];
const GROUPED = {
  display: 'flex',
  flexWrap: 'wrap',
  mb: 1.5,
  '& > .MuiToggleButton-root:not(:first-of-type)': { ml: '-1px', borderTopLeftRadius: 0, borderBottomLeftRadius: 0 },
  '& > .MuiToggleButton-root:not(:last-of-type)': { borderTopRightRadius: 0, borderBottomRightRadius: 0 },
} as const;

const PickButton = memo(function PickButton({ value, label, selected, setPaint }: { value: DayState; label: string; selected: boolean; setPaint: Dispatch<SetStateAction<DayState>> }) {
  return (
    <ToggleButton size="small" value={value ?? 'clear'} selected={selected} onChange={() => setPaint(value)}>
      {label}
    </ToggleButton>
  );
});

const StatePicker = memo(function StatePicker({ paint, setPaint }: { paint: DayState; setPaint: Dispatch<SetStateAction<DayState>> }) {
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
const Actions = memo(function Actions({ canPublish, canEdit, canUndo, pending, saving, onGenerate, onBulk, onUndo, onSave }: ActionsProps) {
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
          <Button variant="contained" disabled={!pending || saving} onClick={onSave} title="Save Changes (Ctrl+S)" aria-keyshortcuts="Control+S Meta+S">
            Save Changes
          </Button>
        </>
      )}
    </>
  );
});

/** The changed days inside the partners' deadline, room by room, in merged ranges. */
function LateDialog({ late, hours, onCancel, onSave }: { late: RoomDays[]; hours: number | null; onCancel(): void; onSave(): void }) {
  return (
    <Dialog open onClose={onCancel} aria-labelledby="late-title">
      <DialogTitle id="late-title">Inside the stop-sale deadline</DialogTitle>
      <DialogContent>
        <Typography>Your contracted partners ask for stop-sale changes {hours} hours before arrival. These changes are inside that deadline:</Typography>
        <Box component="ul" aria-label="Changes inside the deadline" sx={{ my: 1, pl: 3 }}>
          {late.map((r) => (
            <li key={r.room}>
              <strong>{r.name}</strong>: {r.ranges.map(rangeTitle).join(', ')}
            </li>
          ))}
        </Box>
        <Typography>Save anyway?</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onSave}>
          Save anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A callback whose identity never changes but which always runs the latest `fn` (memoised children keep it). */
function useStable<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  // Before any effect or event of this render's children can call it.
  useLayoutEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}

function Chart({ hotel, canEdit, canPublish }: { hotel: number; canEdit: boolean; canPublish: boolean }) {
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  // A write tells the syncing partners: their confirmation state changes with it.
  const syncChanged = () => void queryClient.invalidateQueries({ queryKey: syncKey(hotel) });
  const [model] = useState(() => new ChartModel());
  const [month, setMonth] = useState(currentMonth);
  const [version, setVersion] = useState(0);
  const [loading, setLoading] = useState(false);
  const [paint, setPaint] = useState<DayState>(2);
  const [saving, setSaving] = useState(false);
  const [late, setLate] = useState<RoomDays[] | null>(null);
  const [bulk, setBulk] = useState(false);
  const loads = useRef(new Map<string, Promise<void>>());
  // Bumped when the loaded months are forgotten: an answer to an older request is dropped.
  const generation = useRef(0);
  const bump = () => setVersion((v) => v + 1);

  const load = useCallback(
    (m: string) => {
      // Months already loaded are kept (spec 000 §4): no second request.
      if (model.months.has(m) || loads.current.has(m)) return;
      setLoading(true);
      const asked = generation.current;
      const p = fetchMonth(hotel, m)
        .then((chart) => {
          if (asked === generation.current) model.addMonth(chart);
        })
        .catch(() => {
          if (asked !== generation.current) return;
          // Spec 000 §8: an empty list results; and the hotel is told, since a silent blank chart misleads.
          model.addMonth({ hotel, hotel_name: '', date: m, deadline_hours: null, rooms: [] });
          enqueueSnackbar('The availability could not be loaded. Reload the page to try again.', { variant: 'error' });
        })
        .finally(() => {
          if (loads.current.get(m) === p) loads.current.delete(m);
          setLoading(loads.current.size > 0);
          bump();
        });
      loads.current.set(m, p);
    },
    [hotel, model, enqueueSnackbar],
  );
  useEffect(() => load(month), [load, month]);

  /** The server changed: every loaded month is forgotten (and read again when shown). */
  const forget = () => {
    generation.current++;
    loads.current.clear();
  };

  const chart: MonthChart | undefined = model.months.get(month);
  const rooms = chart?.rooms ?? [];
  const deadline = [...model.months.values()].find((m) => m.deadline_hours !== null)?.deadline_hours ?? null;

  const blocker = useBlocker(() => model.pending);
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (model.pending) e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [model]);

  const applyTo = (s: Selection, state: DayState) => {
    const days = monthDays(month);
    const picked: Array<{ room: number; date: string }> = [];
    for (let r = Math.min(s.r0, s.r1); r <= Math.max(s.r0, s.r1); r++) for (let c = Math.min(s.c0, s.c1); c <= Math.max(s.c0, s.c1); c++) picked.push({ room: rooms[r]!.id, date: days[c]!.date });
    if (model.apply(picked, state)) bump();
  };

  // Stable for the memoised grid: a drag or a key repaints rows, not the whole chart.
  const onPaint = useStable((s: Selection) => canEdit && applyTo(s, paint));
  const onKeyState = useStable((s: Selection, state: DayState) => {
    setPaint(state);
    applyTo(s, state);
  });

  const doSave = async () => {
    setLate(null);
    setSaving(true);
    try {
      // The month on screen is the month saved and answered: the chart stays where the hotel works
      // and shows what the server now holds (the spec's reset is about fresh data, not moving the user).
      const saved = await saveChart(hotel, month, model.saveRooms());
      model.reset();
      forget();
      model.addMonth(saved);
      enqueueSnackbar('Availability saved', { variant: 'success' });
      syncChanged();
      bump();
    } catch (error) {
      // The spec swallows save failures; the changes stay here and the hotel is told they are not saved.
      enqueueSnackbar(`Not saved: ${errorMessages(error).join(' ')}`, { variant: 'error', persist: true });
    } finally {
      setSaving(false);
    }
  };

  const generate = useStable(async () => {
    try {
      const file = await downloadChart(hotel, month, () => undefined);
      if (!file.blob) throw new Error('no file');
      saveFile(file.blob, file.filename ?? `Stopsale-${hotel}.pdf`);
    } catch {
      // Spec 000 §8: a chart failure is only logged.
      console.error('Failed to download the availability chart');
    }
  });

  const save = useStable(() => {
    // Nothing to save, a save under way, or a dialog open (the deadline question, a range): the key does nothing.
    if (!model.pending || saving || late || bulk) return;
    const inside = deadline !== null ? model.changedBefore(deadlineDay(deadline)) : [];
    if (inside.length) setLate(roomRanges(model.roomNames(), inside));
    else void doSave();
  });
  const undo = useStable(() => model.undo() && bump());
  const openBulk = useStable(() => setBulk(true));

  // Ctrl+S (Cmd+S on a Mac) saves the chart, as in any editor, instead of saving the web page.
  useEffect(() => {
    if (!canEdit) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canEdit, save]);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <MonthNav month={month} setMonth={setMonth} />
        <Box sx={{ flex: 1 }} />
        <Actions canPublish={canPublish} canEdit={canEdit} canUndo={model.canUndo} pending={model.pending} saving={saving} onGenerate={generate} onBulk={openBulk} onUndo={undo} onSave={save} />
      </Box>
      {canEdit && <StatePicker paint={paint} setPaint={setPaint} />}
      <Box sx={{ mb: 1.5 }}>
        <Legend />
      </Box>
      {loading && <LinearProgress aria-label="Loading availability" sx={{ mb: 1 }} />}
      {chart && !rooms.length && <Alert severity="info">This property has no rooms yet: add them in its facts (Rooms) to keep their availability.</Alert>}
      {rooms.length > 0 && (
        <StopSaleGrid month={month} rooms={rooms} states={model} version={version} today={localDay()} readOnly={!canEdit} onPaint={onPaint} onKeyState={onKeyState} />
      )}
      {canEdit && <Hint pending={model.pending} />}
      <PartnerSyncPanel hotel={hotel} />
      {late && <LateDialog late={late} hours={deadline} onCancel={() => setLate(null)} onSave={() => void doSave()} />}
      {bulk && (
        <BulkDialog
          hotel={hotel}
          rooms={rooms}
          month={month}
          deadlineDay={deadline !== null ? deadlineDay(deadline) : null}
          onClose={(written) => {
            setBulk(false);
            if (written) {
              syncChanged();
              // The server changed: the loaded months are read again (pending changes stay).
              model.forgetMonths();
              forget();
              load(month);
              bump();
            }
          }}
        />
      )}
      {blocker.state === 'blocked' && (
        <Dialog open aria-labelledby="leave-title" onClose={() => blocker.reset()}>
          <DialogTitle id="leave-title">Unsaved changes</DialogTitle>
          <DialogContent>
            <Typography>You changed the availability and did not save it. Leave without saving?</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => blocker.reset()}>Stay</Button>
            <Button color="error" onClick={() => blocker.proceed()}>
              Leave without saving
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}

const Hint = memo(function Hint({ pending }: { pending: boolean }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      Choose a state, then click a day or drag across days and rooms. Keyboard: arrows move, shift+arrows select, 1–5 set a state, Delete clears, Ctrl+S saves.
      {pending ? ' Changes not saved yet.' : ''}
    </Typography>
  );
});

/** /property-stopsale: the availability chart of a property, room by room and day by day. */
export function StopSalePage() {
  const user = useSession()?.user;
  const abilities = useAbilities();
  const properties = useProperties();
  const [chosen, setChosen] = useState<number | null>(null);
  if (user?.accountType !== 'accommodation') return <Alert severity="info">The Availability Chart belongs to accommodation accounts; tour operators see it in each hotel’s fact sheet.</Alert>;
  const list = properties.data ?? [];
  const hotel = chosen ?? list[0]?.id ?? null;
  const canEdit = abilities?.can('stop_sales') ?? false;
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }} data-testid="stop-sale">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        Availability Chart
      </Typography>
      {properties.isError && <Alert severity="error">The properties could not be loaded. Reload the page to try again.</Alert>}
      {!properties.data && !properties.isError && <LinearProgress aria-label="Loading properties" />}
      {properties.data && !list.length && <Alert severity="info">Add a property first; its rooms’ availability is kept here.</Alert>}
      {!canEdit && abilities && <Alert severity="info" sx={{ mb: 2 }}>You can read the chart; changing it needs the “stop sales” permission.</Alert>}
      {hotel !== null && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <TextField select label="Property" value={hotel} onChange={(e) => setChosen(Number(e.target.value))} sx={{ minWidth: 320, mb: 2 }}>
            {list.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.hotel_name}
              </MenuItem>
            ))}
          </TextField>
          {/* Keyed by hotel: changing hotel forgets the loaded months (spec 000 §4). */}
          <Chart key={hotel} hotel={hotel} canEdit={canEdit} canPublish={abilities?.can('stop_sale_publishing') ?? false} />
        </Paper>
      )}
    </Box>
  );
}
