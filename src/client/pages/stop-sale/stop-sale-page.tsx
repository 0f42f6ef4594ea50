import { memo, useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
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
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
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
import { BulkDialog } from './bulk-dialog';
import { downloadChart, saveFile } from '../exports/exports-api';

/** The last calendar day inside a deadline of `hours` from now (a change of that day or earlier is late). */
const deadlineDay = (hours: number): string => localDay(new Date(Date.now() + hours * 3_600_000));

// The state picker does not change with the cells: a keystroke or a drag repaints the grid, not it.
const StatePicker = memo(function StatePicker({ paint, setPaint }: { paint: DayState; setPaint: Dispatch<SetStateAction<DayState>> }) {
  return (
    <ToggleButtonGroup exclusive size="small" value={paint ?? 'clear'} onChange={(_e, v: number | 'clear' | null) => v !== null && setPaint(v === 'clear' ? null : v)} aria-label="State to set" sx={{ mb: 1.5, flexWrap: 'wrap' }}>
      {STATES.map((s) => (
        <ToggleButton key={s.color} value={s.color}>
          {s.color + 1} {s.label}
        </ToggleButton>
      ))}
      <ToggleButton value="clear">Clear</ToggleButton>
    </ToggleButtonGroup>
  );
});

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
  const [selection, setSelection] = useState<Selection | null>(null);
  const [focus, setFocus] = useState({ r: 0, c: 0 });
  const [saving, setSaving] = useState(false);
  const [late, setLate] = useState<string[] | null>(null);
  const [bulk, setBulk] = useState(false);
  const loads = useRef(new Map<string, Promise<void>>());
  const bump = () => setVersion((v) => v + 1);

  const load = useCallback(
    (m: string) => {
      // Months already loaded are kept (spec 000 §4): no second request.
      if (model.months.has(m) || loads.current.has(m)) return;
      setLoading(true);
      const p = fetchMonth(hotel, m)
        .then((chart) => model.addMonth(chart))
        .catch(() => {
          // Spec 000 §8: an empty list results; and the hotel is told, since a silent blank chart misleads.
          model.addMonth({ hotel, hotel_name: '', date: m, deadline_hours: null, rooms: [] });
          enqueueSnackbar('The availability could not be loaded. Reload the page to try again.', { variant: 'error' });
        })
        .finally(() => {
          loads.current.delete(m);
          setLoading(loads.current.size > 0);
          bump();
        });
      loads.current.set(m, p);
    },
    [hotel, model, enqueueSnackbar],
  );
  useEffect(() => load(month), [load, month]);

  const chart: MonthChart | undefined = model.months.get(month);
  const rooms = chart?.rooms ?? [];
  const days = monthDays(month);
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
    const picked: Array<{ room: number; date: string }> = [];
    for (let r = Math.min(s.r0, s.r1); r <= Math.max(s.r0, s.r1); r++) for (let c = Math.min(s.c0, s.c1); c <= Math.max(s.c0, s.c1); c++) picked.push({ room: rooms[r]!.id, date: days[c]!.date });
    if (model.apply(picked, state)) bump();
  };

  const onSelection = (s: Selection | null, done: boolean) => {
    setSelection(s);
    if (done && s && canEdit) applyTo(s, paint);
  };

  const doSave = async () => {
    setLate(null);
    setSaving(true);
    try {
      await saveChart(hotel, currentMonth(), model.saveRooms());
      // Saving resets to the current month (spec 000 §4): everything is read again.
      model.reset();
      loads.current.clear();
      setSelection(null);
      enqueueSnackbar('Availability saved', { variant: 'success' });
      syncChanged();
      if (month === currentMonth()) load(month);
      else setMonth(currentMonth());
      bump();
    } catch (error) {
      // The spec swallows save failures; the changes stay here and the hotel is told they are not saved.
      enqueueSnackbar(`Not saved: ${errorMessages(error).join(' ')}`, { variant: 'error', persist: true });
    } finally {
      setSaving(false);
    }
  };

  const generate = async () => {
    try {
      const file = await downloadChart(hotel, month, () => undefined);
      if (!file.blob) throw new Error('no file');
      saveFile(file.blob, file.filename ?? `Stopsale-${hotel}.pdf`);
    } catch {
      // Spec 000 §8: a chart failure is only logged.
      console.error('Failed to download the availability chart');
    }
  };

  const save = () => {
    const inside = deadline !== null ? model.changedBefore(deadlineDay(deadline)) : [];
    if (inside.length) setLate(inside);
    else void doSave();
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <MonthNav month={month} setMonth={setMonth} />
        <Box sx={{ flex: 1 }} />
        {canPublish && (
          <>
            <Button onClick={() => void generate()}>Generate Chart</Button>
            <Button component={RouterLink} to="/exportcentre">
              Send via E-mail
            </Button>
          </>
        )}
        {canEdit && (
          <>
            <Button onClick={() => setBulk(true)}>Set a range…</Button>
            <Button disabled={!model.canUndo} onClick={() => model.undo() && bump()}>
              Undo
            </Button>
            <Button variant="contained" disabled={!model.pending || saving} onClick={save}>
              Save Changes
            </Button>
          </>
        )}
      </Box>
      {canEdit && <StatePicker paint={paint} setPaint={setPaint} />}
      <Box sx={{ mb: 1.5 }}>
        <Legend />
      </Box>
      {loading && <LinearProgress aria-label="Loading availability" sx={{ mb: 1 }} />}
      {chart && !rooms.length && <Alert severity="info">This property has no rooms yet: add them in its facts (Rooms) to keep their availability.</Alert>}
      {rooms.length > 0 && (
        <StopSaleGrid
          month={month}
          rooms={rooms}
          stateOf={(room, date) => model.stateOf(room, date)}
          version={version}
          today={localDay()}
          readOnly={!canEdit}
          selection={selection}
          focus={focus}
          onSelection={onSelection}
          onFocus={setFocus}
          onKeyState={(state) => applyTo(selection ?? { r0: focus.r, c0: focus.c, r1: focus.r, c1: focus.c }, state)}
        />
      )}
      {canEdit && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Choose a state, then click a day or drag across days and rooms. Keyboard: arrows move, shift+arrows select, 1–5 set a state, Delete clears.
          {model.pending ? ' Changes not saved yet.' : ''}
        </Typography>
      )}
      <PartnerSyncPanel hotel={hotel} />
      <Dialog open={!!late} onClose={() => setLate(null)} aria-labelledby="late-title">
        <DialogTitle id="late-title">Inside the stop-sale deadline</DialogTitle>
        <DialogContent>
          <Typography>
            Your contracted partners ask for stop-sale changes {deadline} hours before arrival. These days are inside that deadline: {late?.slice(0, 6).join(', ')}
            {late && late.length > 6 ? ` and ${late.length - 6} more` : ''}. Save anyway?
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setLate(null)}>Cancel</Button>
          <Button variant="contained" onClick={() => void doSave()}>
            Save anyway
          </Button>
        </DialogActions>
      </Dialog>
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
              const pending = new Map(model.edits);
              model.reset();
              for (const [k, v] of pending) model.edits.set(k, v);
              loads.current.clear();
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
