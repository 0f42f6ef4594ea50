import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { valueText } from './many-api';

export interface OutcomeItem {
  property: number;
  hotel: string;
  outcome: string;
  changes: { field: string; label: string; from?: unknown; to?: unknown }[];
  message: string | null;
}

const WORDS: Record<string, { label: string; color: 'default' | 'success' | 'error' | 'info' | 'warning' }> = {
  change: { label: 'Will change', color: 'info' },
  same: { label: 'Already matches', color: 'default' },
  invalid: { label: 'Would fail', color: 'error' },
  pending: { label: 'Waiting', color: 'default' },
  applied: { label: 'Changed', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  undone: { label: 'Restored', color: 'default' },
  kept: { label: 'Kept (changed since)', color: 'warning' },
};

/** Per property: the outcome, each field old → new, and why a property fails. */
export function OutcomeTable({ items }: { items: readonly OutcomeItem[] }) {
  return (
    <Table size="small" aria-label="Per property">
      <TableHead>
        <TableRow>
          <TableCell>Property</TableCell>
          <TableCell>Outcome</TableCell>
          <TableCell>Changes</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((i) => {
          const w = WORDS[i.outcome] ?? { label: i.outcome, color: 'default' as const };
          return (
            <TableRow key={i.property} data-testid="bulk-item" data-property-id={i.property} data-outcome={i.outcome}>
              <TableCell>{i.hotel}</TableCell>
              <TableCell>
                <Chip size="small" label={w.label} color={w.color} />
              </TableCell>
              <TableCell>
                {i.changes.map((c) => (
                  <div key={c.field}>
                    {c.label}: {valueText(c.from)} → {valueText(c.to)}
                  </div>
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
