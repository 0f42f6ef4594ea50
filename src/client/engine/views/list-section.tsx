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
import { useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';
import { useLocalDefinition, useSectionTitle } from '../texts/use-schema-texts';

/** A list's own words: its heading, its Add button, its empty state. */
interface ListWords {
  title: MessageKey;
  add: MessageKey;
  empty: MessageKey;
}

const LIST_WORDS: Readonly<Record<string, ListWords>> = {
  room: { title: 'engine.list_rooms', add: 'engine.list_add_room', empty: 'engine.list_empty_rooms' },
  restaurant: {
    title: 'engine.list_restaurants',
    add: 'engine.list_add_restaurant',
    empty: 'engine.list_empty_restaurants',
  },
  bar: { title: 'engine.list_bars', add: 'engine.list_add_bar', empty: 'engine.list_empty_bars' },
  maintenance: {
    title: 'engine.list_maintenance',
    add: 'engine.list_add_maintenance',
    empty: 'engine.list_empty_maintenance',
  },
};

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
  /** The name of one item in the interface's language (Room, Restaurant...). */
  itemLabel: string;
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
  const t = useT();
  const summary = useSyncExternalStore(row.store.subscribe, () => summaryText(layout, row.store.get(), labels));
  const selected = useSyncExternalStore(row.store.subscribe, () => row.store.get().isSelected === true);
  const hasErrors = useSyncExternalStore(row.store.subscribeErrors, () => row.store.errorTotal() > 0);
  // Plain elements styled once by the row head: this part re-renders as the row is typed in.
  return (
    <>
      {selectable && (
        <input
          type="checkbox"
          aria-label={t('engine.list_select', { row: label })}
          checked={selected}
          onChange={(e) => row.store.set(['isSelected'], e.target.checked)}
        />
      )}
      <span className="label">{label}</span>
      <span className={summary ? 'summary' : 'summary empty'} data-testid="row-summary">
        {summary || t('engine.list_row_empty')}
      </span>
      {hasErrors && (
        <span className="problem" data-testid="row-error">
          {t('engine.list_row_problem')}
        </span>
      )}
    </>
  );
}

const RowHead = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: theme.spacing(1),
  padding: theme.spacing(0.75, 1.5),
  ...theme.typography.body1,
  '& .label': { fontWeight: 600, whiteSpace: 'nowrap' },
  // The summary is what tells rows apart ("Double room · Sea view"): never cut to "Doubl…". On a
  // narrow row it takes a line of its own under the label and wraps there, not a word a line.
  '& .summary': { flex: '1 1 10rem', minWidth: 0, overflowWrap: 'anywhere' },
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
const RowItem = memo(function RowItem({ row, index, open, controller, def, selectable, itemLabel }: RowProps) {
  const t = useT();
  const label = t('engine.list_row', { item: itemLabel, number: index + 1 });
  return (
    <Paper variant="outlined" sx={open ? OPEN_ROW : ROW} data-testid="list-row" data-uid={row.uid}>
      <RowHead>
        <RowSummary row={row} def={def} selectable={selectable} label={label} />
        <button
          type="button"
          className="action"
          onClick={() => controller.open(row.uid)}
          aria-expanded={open}
          aria-label={t(open ? 'engine.list_close_row' : 'engine.list_edit_row', { row: label })}
        >
          {t(open ? 'engine.close' : 'engine.edit')}
        </button>
        {!controller.readOnly && (
          <button
            type="button"
            className="action danger"
            onClick={() => void controller.remove(row.uid)}
            aria-label={t('engine.list_delete_row', { row: label })}
          >
            {t('engine.delete')}
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
  const t = useT();
  const words = LIST_WORDS[controller.entry.key];
  const sectionTitle = useSectionTitle(controller.entry);
  const title = heading ?? (words ? t(words.title) : sectionTitle);
  const def = useLocalDefinition(controller.def);
  const itemLabel = (def?.schema['x-ui'] as { itemLabel?: string } | undefined)?.itemLabel ?? sectionTitle;
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
            {words ? t(words.add) : t('engine.list_add', { item: itemLabel })}
          </Button>
        )}
      </Box>
      {state.phase !== 'ready' || !def ? (
        <LinearProgress aria-label={t('engine.loading', { title })} />
      ) : (
        <>
          <SectionErrors messages={top} />
          {state.rows.length === 0 && (
            <Typography color="text.secondary">{words ? t(words.empty) : t('engine.list_empty')}</Typography>
          )}
          {state.rows.map((row, i) => (
            <RowItem
              key={row.uid}
              row={row}
              index={i}
              open={row.uid === state.open}
              controller={controller}
              def={def}
              selectable={shared.length > 0 && !controller.readOnly}
              itemLabel={itemLabel}
            />
          ))}
        </>
      )}
    </section>
  );
}
