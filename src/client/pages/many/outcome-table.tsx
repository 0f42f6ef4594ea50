import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useSectionDefinitions } from '../../engine/data/use-section-definitions';
import { sectionDocument, useChangeWords } from '../../engine/texts/use-change-words';
import type { MessageKey } from '../../../shared/i18n/messages';
import { useT } from '../../i18n';

export interface OutcomeItem {
  property: number;
  hotel: string;
  outcome: string;
  changes: { field: string; label: string; from?: unknown; to?: unknown }[];
  message: string | null;
}

const WORDS: Record<string, { label: MessageKey; color: 'default' | 'success' | 'error' | 'info' | 'warning' }> = {
  change: { label: 'many.outcome_change', color: 'info' },
  same: { label: 'many.outcome_same', color: 'default' },
  invalid: { label: 'many.outcome_invalid', color: 'error' },
  pending: { label: 'many.outcome_pending', color: 'default' },
  applied: { label: 'many.outcome_applied', color: 'success' },
  failed: { label: 'many.outcome_failed', color: 'error' },
  undone: { label: 'many.outcome_undone', color: 'default' },
  kept: { label: 'many.outcome_kept', color: 'warning' },
};

/**
 * The changes a row shows: what the batch did, or once undone what the undo did (the value
 * restored, so a "Restored" row does not show the change it no longer has).
 */
export const shownChanges = (item: Pick<OutcomeItem, 'outcome' | 'changes'>): OutcomeItem['changes'] =>
  item.outcome === 'undone' ? item.changes.map((c) => ({ ...c, from: c.to, to: c.from })) : item.changes;

/** Per property of a bulk edit of `section`: the outcome, each field old → new, and why a property fails. */
export function OutcomeTable({ section, items }: { section: string; items: readonly OutcomeItem[] }) {
  const t = useT();
  const doc = sectionDocument(section, useSectionDefinitions([section]));
  const words = useChangeWords();
  return (
    <Table size="small" aria-label={t('many.per_property')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('components.property')}</TableCell>
          <TableCell>{t('many.col_outcome')}</TableCell>
          <TableCell>{t('many.col_changes')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((i) => {
          const w = WORDS[i.outcome];
          return (
            <TableRow key={i.property} data-testid="bulk-item" data-property-id={i.property} data-outcome={i.outcome}>
              <TableCell>{i.hotel}</TableCell>
              <TableCell>
                <Chip size="small" label={w ? t(w.label) : i.outcome} color={w?.color ?? 'default'} />
              </TableCell>
              <TableCell>
                {shownChanges(i).map((c) => (
                  <div key={c.field}>{words.line(doc, c)}</div>
                ))}
                {i.message && <div style={{ color: 'var(--mui-palette-error-main, #d32f2f)' }}>{i.message}</div>}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
