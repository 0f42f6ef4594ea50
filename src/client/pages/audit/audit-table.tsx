import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNotificationDate } from '../../format/dates';
import type { AuditPageWire } from '../../../shared/generated/wire-types';
import { changeLine } from './audit-format';

type AuditEvent = AuditPageWire['results'][number];

interface Props {
  events: readonly AuditEvent[];
  /** The previous page or filter is shown while the next loads. */
  busy?: boolean;
  kindLabel(kind: string): string;
  propertyName(id: number): string;
}

/** The events of a page: when, who, what (with each field's old → new), which property, from where. */
export function AuditTable({ events, busy = false, kindLabel, propertyName }: Props) {
  if (!events.length) return <Typography color="text.secondary">No events match these filters.</Typography>;
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto', opacity: busy ? 0.6 : 1 }} aria-busy={busy}>
      <Table size="small" aria-label="Audit trail">
        <TableHead>
          <TableRow>
            <TableCell>When (UTC)</TableCell>
            <TableCell>Who</TableCell>
            <TableCell>What</TableCell>
            <TableCell>Property</TableCell>
            <TableCell>Address</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((e) => (
            <TableRow key={e.id} data-event={e.kind} sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatNotificationDate(e.created_at)}</TableCell>
              <TableCell>{e.actor_email ?? '—'}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Chip size="small" variant="outlined" label={kindLabel(e.kind)} />
                  <span>{e.summary}</span>
                </Box>
                {e.changes.length > 0 && (
                  <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} aria-label="Changes">
                    {e.changes.map((c) => (
                      <Typography component="li" variant="body2" key={c.field}>
                        {changeLine(c)}
                      </Typography>
                    ))}
                  </Box>
                )}
              </TableCell>
              <TableCell>{e.property === null ? '—' : propertyName(e.property)}</TableCell>
              <TableCell>{e.ip ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
