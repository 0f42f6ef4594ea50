import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { errorMessages } from '../../api/errors';
import { redeliver, useDeliveries, webhookKeys } from './devtools-api';

/** One endpoint's deliveries: what was sent, how it was answered, and Redeliver. */
export function DeliveryLog({ open }: { open: number }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const deliveries = useDeliveries(open);
  const again = async (id: number) => {
    try {
      await redeliver(id);
      enqueueSnackbar('Queued for delivery.', { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(open) });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };
  return (
    <Table size="small" aria-label="Delivery log" sx={{ mt: 2 }}>
      <TableHead>
        <TableRow>
          <TableCell>Event</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Response</TableCell>
          <TableCell>Why it failed</TableCell>
          <TableCell>Attempts</TableCell>
          <TableCell>Time</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {(deliveries.data ?? []).map((d) => (
          <TableRow key={d.id}>
            <TableCell>{d.event}</TableCell>
            <TableCell>{d.status}</TableCell>
            <TableCell>{d.response_code ?? '—'}</TableCell>
            <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>{d.error ?? ''}</TableCell>
            <TableCell>{d.attempts}</TableCell>
            <TableCell>{(d.last_attempt_at ?? d.created_at).slice(0, 19).replace('T', ' ')}</TableCell>
            <TableCell align="right">
              <Button size="small" onClick={() => void again(d.id)}>
                Redeliver
              </Button>
            </TableCell>
          </TableRow>
        ))}
        {deliveries.data?.length === 0 && (
          <TableRow>
            <TableCell colSpan={7}>Nothing sent yet.</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
