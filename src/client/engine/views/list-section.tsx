import { memo, useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import type { SectionDefinition } from '../../../shared/section-types';
import type { SectionLayout } from '../core/layout';
import type { ListController, ListRow } from '../data/list-controller';
import type { OptionLabels } from '../data/options';
import { LabelsContext } from '../form/engine-context';
import { useControllerState, useTopErrors } from '../form/hooks';
import { prepare, SectionForm } from '../form/section-form';
import { BulkCopy } from './bulk-copy';
import { SectionErrors } from './section-errors';
import { HistoryButton } from './history-dialog';

/** The words of a row's summary fields ("Deluxe double · Double room · Sea view"). */
function summaryText(layout: SectionLayout, doc: Record<string, unknown>, labels: OptionLabels): string {
  return layout.summary
    .map((name) => {
      const value = doc[name];
      if (value === null || value === undefined || value === '') return '';
      const node = layout.fields.get(name);
      const words = node?.category ? labels.get(node.category) : undefined;
      const one = (v: unknown) => words?.get(String(v)) ?? String(v);
      return Array.isArray(value) ? value.map(one).join(', ') : one(value);
    })
    .filter(Boolean)
    .join(' · ');
}

interface RowProps {
  row: ListRow;
  index: number;
  open: boolean;
  controller: ListController;
  def: SectionDefinition;
  selectable: boolean;
}

/** The summary words and marks of a row: the only part that follows the row's values as they are typed. */
function RowSummary({
  row,
  def,
  selectable,
  label,
}: {
  row: ListRow;
  def: SectionDefinition;
  selectable: boolean;
  label: string;
}) {
  const { layout } = prepare(def);
  const labels = useContext(LabelsContext);
  const summary = useSyncExternalStore(row.store.subscribe, () => summaryText(layout, row.store.get(), labels));
  const selected = useSyncExternalStore(row.store.subscribe, () => row.store.get().isSelected === true);
  const hasErrors = useSyncExternalStore(row.store.subscribeErrors, () => row.store.errorTotal() > 0);
  // Plain elements styled once by the row head: this part re-renders as the row is typed in.
  return (
    <>
      {selectable && (
        <input
          type="checkbox"
          aria-label={`Select ${label}`}
          checked={selected}
          onChange={(e) => row.store.set(['isSelected'], e.target.checked)}
        />
      )}
      <span className="label">{label}</span>
      <span className={summary ? 'summary' : 'summary empty'} data-testid="row-summary">
        {summary || 'Not filled in yet'}
      </span>
      {hasErrors && (
        <span className="problem" data-testid="row-error">
          Needs attention
        </span>
      )}
    </>
  );
}

const RowHead = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(1),
  padding: theme.spacing(0.75, 1.5),
  ...theme.typography.body1,
  '& .label': { fontWeight: 600, whiteSpace: 'nowrap' },
  '& .summary': { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .empty': { color: theme.palette.text.secondary },
  '& .problem': { color: theme.palette.error.main, ...theme.typography.body2 },
  // Plain buttons drawn like MUI's small text buttons: fifty rows would otherwise mount a hundred ButtonBases.
  '& .action': {
    ...theme.typography.button,
    fontSize: '0.8125rem',
    padding: '4px 5px',
    minWidth: 64,
    border: 0,
    borderRadius: theme.shape.borderRadius,
    background: 'transparent',
    color: theme.palette.primary.main,
    cursor: 'pointer',
    '&:hover': { background: theme.palette.action.hover },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
    '&.danger': { color: theme.palette.error.main },
  },
}));

/** The open row's editor: the engine's form on the row's store (not re-rendered by its typing). */
const RowEditor = memo(function RowEditor({
  row,
  def,
  controller,
}: {
  row: ListRow;
  def: SectionDefinition;
  controller: ListController;
}) {
  const onBlurField = useCallback((key: string) => controller.validateField(row, key), [controller, row]);
  return (
    <Box sx={{ px: 1.5, pb: 1.5 }} data-testid="row-editor">
      <SectionForm
        def={def}
        store={row.store}
        readOnly={controller.readOnly}
        idPrefix={`${controller.entry.key}-${row.uid}`}
        onBlurField={onBlurField}
      />
    </Box>
  );
});

/** Closed rows out of view are not laid out or painted (fifty rooms cost what the visible ones cost). */
const ROW = { mb: 1, contentVisibility: 'auto', containIntrinsicSize: 'auto 46px' } as const;
const OPEN_ROW = { mb: 1 } as const;

/** One summary line of a master-detail list, and its editor when it is the open one. */
const RowItem = memo(function RowItem({ row, index, open, controller, def, selectable }: RowProps) {
  const label = `${controller.itemLabel} (${index + 1})`;
  return (
    <Paper variant="outlined" sx={open ? OPEN_ROW : ROW} data-testid="list-row" data-uid={row.uid}>
      <RowHead>
        <RowSummary row={row} def={def} selectable={selectable} label={label} />
        <button
          type="button"
          className="action"
          onClick={() => controller.open(row.uid)}
          aria-expanded={open}
          aria-label={`${open ? 'Close' : 'Edit'} ${label}`}
        >
          {open ? 'Close' : 'Edit'}
        </button>
        {!controller.readOnly && (
          <button
            type="button"
            className="action danger"
            onClick={() => void controller.remove(row.uid)}
            aria-label={`Delete ${label}`}
          >
            Delete
          </button>
        )}
      </RowHead>
      {open && <RowEditor row={row} def={def} controller={controller} />}
    </Paper>
  );
});

/** A list section: summary rows, one editor open at a time, rows added with id 0, saved together. */
export function ListSection({ controller, heading }: { controller: ListController; heading?: string }) {
  const state = useControllerState(controller);
  const top = useTopErrors(controller.meta);
  useEffect(() => {
    void controller.load();
  }, [controller]);
  const onRestored = useCallback(() => void controller.reload(), [controller]);
  const title = heading ?? `${controller.entry.title}s`;
  const def = controller.def;
  const shared = def ? prepare(def).layout.shared : [];
  const openRow = state.rows.find((r) => r.uid === state.open);
  return (
    <section aria-label={title} data-section={controller.entry.key}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}{' '}
          {state.phase === 'ready' && (
            <Typography component="span" color="text.secondary">
              ({state.rows.length})
            </Typography>
          )}
        </Typography>
        <HistoryButton
          propertyId={controller.propertyId}
          section={controller.entry.key}
          title={title}
          canRestore={!controller.readOnly}
          onRestored={onRestored}
        />
        {!controller.readOnly && shared.length > 0 && openRow && (
          <BulkCopy controller={controller} from={openRow} fields={shared} />
        )}
        {!controller.readOnly && state.phase === 'ready' && (
          <Button variant="outlined" onClick={() => controller.add()}>
            Add {controller.itemLabel.toLowerCase()}
          </Button>
        )}
      </Box>
      {state.phase !== 'ready' || !def ? (
        <LinearProgress aria-label={`Loading ${title}`} />
      ) : (
        <>
          <SectionErrors messages={top} />
          {state.rows.length === 0 && <Typography color="text.secondary">No {title.toLowerCase()} yet.</Typography>}
          {state.rows.map((row, i) => (
            <RowItem
              key={row.uid}
              row={row}
              index={i}
              open={row.uid === state.open}
              controller={controller}
              def={def}
              selectable={shared.length > 0 && !controller.readOnly}
            />
          ))}
        </>
      )}
    </section>
  );
}
