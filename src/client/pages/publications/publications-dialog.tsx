import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { SheetView } from '../../components/sheet-view';
import type {
  PublicationComparisonWire,
  PublicationListWire,
  SheetOptionsWire,
} from '../../../shared/generated/wire-types';
import type { PublicationSide } from './publications-api';
import { usePublicationsDialog } from './use-publications';
import { Isolate, useFormat, useT } from '../../i18n';
import { changeText } from '../../engine/texts/change-text';
import type { MessageKey } from '../../../shared/i18n/messages';

const ROW_WORDS: Record<'added' | 'changed' | 'removed', MessageKey> = {
  added: 'publications.row_added',
  changed: 'publications.row_changed',
  removed: 'publications.row_removed',
};

function Comparison({ data }: { data: PublicationComparisonWire }) {
  const [sheet, setSheet] = useState(false);
  const t = useT();
  const format = useFormat();
  return (
    <Box
      data-testid="publication-comparison"
      aria-label={t('publications.compared', { from: data.from.number, to: data.to.number })}
      component="section"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, flex: 1 }}>
          {t('publications.comparison', {
            from: data.from.number,
            fromDate: format.date(data.from.published_at),
            to: data.to.number,
            toDate: format.date(data.to.published_at),
            count: data.changes,
          })}
        </Typography>
        {data.changes > 0 && (
          <Button size="small" onClick={() => setSheet((s) => !s)}>
            {sheet ? t('publications.show_list') : t('publications.show_sheet')}
          </Button>
        )}
      </Box>
      {sheet ? (
        <SheetView sheet={data.sheet} />
      ) : (
        data.sections.map((s) => (
          <Box key={s.key} sx={{ mb: 1.5 }}>
            <Typography variant="subtitle2" component="h3">
              {s.title}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {s.fields.map((f) => (
                <li key={`f-${f.key}`}>{changeText(f.label, f.from, f.to)}</li>
              ))}
              {s.rows.map((r, i) => (
                <li key={`r-${r.id ?? r.title}-${i}`}>{t(ROW_WORDS[r.change], { title: r.title })}</li>
              ))}
            </Box>
          </Box>
        ))
      )}
    </Box>
  );
}

interface Props {
  open: boolean;
  side: PublicationSide;
  propertyId: number;
  title: string;
  /** The layout and language the PDFs are printed in (the operator's page chooses them; the hotel's defaults apply otherwise). */
  options?: SheetOptionsWire;
  /**
   * The publication to compare the latest with when the dialog opens (the operator's notice: the
   * one it last saw); by default the one the reader last marked as seen, else the one before the latest.
   */
  since?: number | null;
  onClose(): void;
}

/**
 * Every publication of a property (issue 29 §1): when, who, which sections changed, any two
 * compared (fields old → new, rows added, removed, changed; or marked on the sheet), and the fact
 * sheet of each as PDF. The hotel sees its own; an operator its view, with its overrides.
 */
type Publication = PublicationListWire['publications'][number];

/** Every publication listed: tick two to compare, each one's sheet as PDF. */
function PublicationsTable({
  side,
  dialog,
}: {
  side: PublicationSide;
  dialog: ReturnType<typeof usePublicationsDialog>;
}) {
  const t = useT();
  const format = useFormat();
  const { publications, chosen, latest, seen, toggle, download, downloading } = dialog;
  const row = (p: Publication) => (
    <TableRow key={p.number} data-testid="publication-row" selected={chosen.includes(p.number)}>
      <TableCell padding="checkbox">
        <Checkbox
          checked={chosen.includes(p.number)}
          onChange={() => toggle(p.number)}
          slotProps={{ input: { 'aria-label': t('publications.compare_one', { number: p.number }) } }}
        />
      </TableCell>
      <TableCell>
        {format.number(p.number)}
        {p.number === latest && <Chip size="small" label={t('publications.latest')} sx={{ ml: 1 }} />}
        {p.number === seen && <Chip size="small" variant="outlined" label={t('publications.seen')} sx={{ ml: 1 }} />}
      </TableCell>
      <TableCell>{format.dateTime(p.published_at)}</TableCell>
      {side === 'hotel' && <TableCell>{p.published_by ? <Isolate>{p.published_by}</Isolate> : '—'}</TableCell>}
      <TableCell>
        {p.sections.length ? p.sections.map((s) => s.title).join(', ') : t('publications.sections_none')}
      </TableCell>
      <TableCell align="right">
        <Button
          size="small"
          onClick={() => void download(p.number)}
          disabled={downloading !== null}
          aria-label={t('publications.download', { number: p.number })}
        >
          PDF
        </Button>
      </TableCell>
    </TableRow>
  );
  return (
    <Table size="small" aria-label={t('publications.table')} sx={{ mb: 2 }}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">{t('publications.col_compare')}</TableCell>
          <TableCell>{t('publications.col_publication')}</TableCell>
          <TableCell>{t('publications.col_when')}</TableCell>
          {side === 'hotel' && <TableCell>{t('publications.col_who')}</TableCell>}
          <TableCell>{t('publications.col_sections')}</TableCell>
          <TableCell align="right">{t('publications.col_sheet')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>{publications.map(row)}</TableBody>
    </Table>
  );
}

/**
 * Every publication of a property (issue 29 §1): when, who, which sections changed, any two
 * compared (fields old → new, rows added, removed, changed; or marked on the sheet), and the fact
 * sheet of each as PDF. The hotel sees its own; an operator its view, with its overrides.
 */
export function PublicationsDialog({ open, side, propertyId, title, options = {}, since, onClose }: Props) {
  const t = useT();
  const dialog = usePublicationsDialog({ open, side, propertyId, options, since });
  const { list, publications, pair, comparison } = dialog;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="publications-title" maxWidth="lg" fullWidth>
      <DialogTitle id="publications-title">{t('publications.title', { title })}</DialogTitle>
      <DialogContent>
        {list.failed && <Alert severity="error">{errorMessages(list.error).join(' ')}</Alert>}
        {list.pending && <LinearProgress aria-label={t('publications.loading')} />}
        {list.loaded && publications.length === 0 && (
          <Typography color="text.secondary">{t('publications.none')}</Typography>
        )}
        {publications.length > 0 && (
          <>
            <Typography color="text.secondary" gutterBottom>
              {t('publications.tick_two')}
            </Typography>
            <PublicationsTable side={side} dialog={dialog} />
            {comparison.failed && <Alert severity="error">{errorMessages(comparison.error).join(' ')}</Alert>}
            {pair && comparison.pending && <LinearProgress aria-label={t('publications.comparing')} />}
            {comparison.data && pair && <Comparison data={comparison.data} />}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('publications.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Where the tests and other callers have always found it. */
export { initialPair } from './use-publications';

/** The Publications button with its dialog. */
export function PublicationsButton(props: Omit<Props, 'open' | 'onClose'>) {
  const [open, setOpen] = useState(false);
  const t = useT();
  return (
    <>
      <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
        {t('publications.button')}
      </Button>
      {open && <PublicationsDialog {...props} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
