import { Fragment, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import { errorMessages } from '../../api/errors';
import { formatNotificationDate } from '../../format/dates';
import type { ExportSendWire } from '../../../shared/generated/wire-types';
import { exportKeys, retrySend, useSends } from './exports-api';

const LAYOUTS: Record<string, string> = {
  '': 'Standard',
  F: 'Fact points',
  R: 'Rich text',
  G: 'Grouped facts',
  S: 'Summarized',
};

function what(s: ExportSendWire): string {
  if (s.kind === 'photos') return `Photos (link, ${s.language.toUpperCase()})`;
  if (s.kind === 'availability') return 'Availability chart (PDF)';
  return `Fact sheet (${LAYOUTS[s.layout ?? ''] ?? s.layout}, ${s.language.toUpperCase()})`;
}

function StateChip({ send }: { send: ExportSendWire }) {
  if (send.state === 'queued') return <Chip size="small" label="Queued" />;
  if (send.state === 'sending')
    return <Chip size="small" color="info" label={`Sending: ${send.sent} of ${send.total}`} />;
  if (send.state === 'failed')
    return <Chip size="small" color="error" label={`Failed: ${send.sent} of ${send.total} sent`} />;
  if (send.failed)
    return <Chip size="small" color="warning" label={`Sent to ${send.sent} of ${send.total}; ${send.failed} failed`} />;
  return <Chip size="small" color="success" label={`Sent to ${send.sent} of ${send.total}`} />;
}

const RECIPIENT_STATE: Record<string, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** The sends of a property: state per send and per recipient, and a retry for whom it did not reach. */
export function SendHistory({ property }: { property: number }) {
  const { data, isError } = useSends(property);
  const [open, setOpen] = useState<number | null>(null);
  const [retrying, setRetrying] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const retry = async (id: number) => {
    setRetrying(id);
    try {
      const answer = await retrySend(id);
      enqueueSnackbar(answer.detail, { variant: 'info' });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setRetrying(null);
      void queryClient.invalidateQueries({ queryKey: exportKeys.sends(property) });
    }
  };
  if (isError) return <Alert severity="error">The history of sends could not be loaded.</Alert>;
  if (!data) return null;
  if (!data.length)
    return <Typography color="text.secondary">Nothing has been sent from this property yet.</Typography>;
  return (
    <Table size="small" aria-label="Sends">
      <TableHead>
        <TableRow>
          <TableCell />
          <TableCell>Sent at</TableCell>
          <TableCell>What</TableCell>
          <TableCell>Mailing group</TableCell>
          <TableCell>By</TableCell>
          <TableCell>State</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((s) => (
          <Fragment key={s.id}>
            <TableRow data-testid="send-row" data-state={s.state}>
              <TableCell padding="checkbox">
                <IconButton
                  size="small"
                  aria-label={`Recipients of the send of ${formatNotificationDate(s.created_at)}`}
                  aria-expanded={open === s.id}
                  onClick={() => setOpen(open === s.id ? null : s.id)}
                >
                  {open === s.id ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
                </IconButton>
              </TableCell>
              <TableCell>{formatNotificationDate(s.created_at)}</TableCell>
              <TableCell>{what(s)}</TableCell>
              <TableCell>{s.group_name}</TableCell>
              <TableCell>{s.created_by ?? ''}</TableCell>
              <TableCell>
                <StateChip send={s} />
              </TableCell>
              <TableCell align="right">
                {(s.state === 'done' || s.state === 'failed') && s.failed > 0 && (
                  <Button size="small" onClick={() => void retry(s.id)} disabled={retrying === s.id}>
                    Retry failed
                  </Button>
                )}
              </TableCell>
            </TableRow>
            {open === s.id && (
              <TableRow>
                <TableCell />
                <TableCell colSpan={6}>
                  <Table size="small" aria-label="Recipients">
                    <TableBody>
                      {s.recipients.map((r) => (
                        <TableRow key={r.email} data-testid="recipient-row">
                          <TableCell>{r.name}</TableCell>
                          <TableCell>{r.email}</TableCell>
                          <TableCell>{RECIPIENT_STATE[r.state] ?? r.state}</TableCell>
                          <TableCell>{r.sent_at ? formatNotificationDate(r.sent_at) : (r.error ?? '')}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableCell>
              </TableRow>
            )}
          </Fragment>
        ))}
      </TableBody>
    </Table>
  );
}
