import { memo, useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SectionDefinition } from '../../../shared/section-types';
import type { SectionLayout } from '../core/layout';
import type { ListController, ListRow } from '../data/list-controller';
import type { OptionLabels } from '../data/options';
import { LabelsContext } from '../form/engine-context';
import { useControllerState, useTopErrors } from '../form/hooks';
import { prepare, SectionForm } from '../form/section-form';
import { BulkCopy } from './bulk-copy';
import { SectionErrors } from './section-errors';

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

/** One summary line of a master-detail list, and its editor when it is the open one. */
const RowItem = memo(function RowItem({ row, index, open, controller, def, selectable }: RowProps) {
  const { layout } = prepare(def);
  const labels = useContext(LabelsContext);
  const summary = useSyncExternalStore(row.store.subscribe, () => summaryText(layout, row.store.get(), labels));
  const selected = useSyncExternalStore(row.store.subscribe, () => row.store.get().isSelected === true);
  const hasErrors = useSyncExternalStore(row.store.subscribeErrors, () => row.store.errorTotal() > 0);
  const onBlurField = useCallback((key: string) => controller.validateField(row, key), [controller, row]);
  const label = `${controller.itemLabel} (${index + 1})`;
  return (
    <Paper variant="outlined" sx={{ mb: 1, borderColor: hasErrors ? 'error.main' : undefined }} data-testid="list-row" data-uid={row.uid}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 0.75 }}>
        {selectable && (
          <input type="checkbox" aria-label={`Select ${label}`} checked={selected} onChange={(e) => row.store.set(['isSelected'], e.target.checked)} />
        )}
        <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{label}</Typography>
        <Typography color={summary ? 'text.primary' : 'text.secondary'} sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} data-testid="row-summary">
          {summary || 'Not filled in yet'}
        </Typography>
        {hasErrors && (
          <Typography color="error" variant="body2">
            Needs attention
          </Typography>
        )}
        <Button size="small" onClick={() => controller.open(row.uid)} aria-expanded={open} aria-label={`${open ? 'Close' : 'Edit'} ${label}`}>
          {open ? 'Close' : 'Edit'}
        </Button>
        {!controller.readOnly && (
          <Button size="small" color="error" onClick={() => void controller.remove(row.uid)} aria-label={`Delete ${label}`}>
            Delete
          </Button>
        )}
      </Box>
      {open && (
        <Box sx={{ px: 1.5, pb: 1.5 }} data-testid="row-editor">
          <SectionForm def={def} store={row.store} readOnly={controller.readOnly} idPrefix={`${controller.entry.key}-${row.uid}`} onBlurField={onBlurField} />
        </Box>
      )}
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
  const title = heading ?? `${controller.entry.title}s`;
  const def = controller.def;
  const shared = def ? prepare(def).layout.shared : [];
  const openRow = state.rows.find((r) => r.uid === state.open);
  return (
    <section aria-label={title} data-section={controller.entry.key}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {title} {state.phase === 'ready' && <Typography component="span" color="text.secondary">({state.rows.length})</Typography>}
        </Typography>
        {!controller.readOnly && shared.length > 0 && openRow && <BulkCopy controller={controller} from={openRow} fields={shared} />}
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
            <RowItem key={row.uid} row={row} index={i} open={row.uid === state.open} controller={controller} def={def} selectable={shared.length > 0 && !controller.readOnly} />
          ))}
        </>
      )}
    </section>
  );
}
