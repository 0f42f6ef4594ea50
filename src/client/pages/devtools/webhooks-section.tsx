import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { deleteWebhook, resumeWebhook, useWebhooks, webhookKeys } from './devtools-api';
import { DeliveryLog } from './delivery-log';
import { NewWebhookForm } from './new-webhook-form';
import { SecretDialog } from './secret-dialog';

/** Webhook endpoints, the signing secret shown once, and each endpoint's delivery log with a redeliver button. */
export function WebhooksSection() {
  const { data } = useWebhooks();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const resume = async (id: number) => {
    try {
      await resumeWebhook(id);
      enqueueSnackbar('Resumed: the waiting deliveries are being sent.', { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list });
      if (open) void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(open) });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };
  const paused = (data ?? []).filter((h) => h.paused_at);
  return (
    <Box component="section" aria-label="Webhooks" sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2">
        Webhooks
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Events pushed to your endpoints, signed per Standard Webhooks (webhook-id, webhook-timestamp,
        webhook-signature); retried with back-off until your endpoint answers 2xx.
      </Typography>
      {paused.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {paused.length === 1 ? 'One endpoint is' : `${paused.length} endpoints are`} paused after failing delivery
          after delivery: nothing is sent to it until you resume it. Check the receiver (its delivery log says why it
          failed), then Resume.
        </Alert>
      )}
      <Table size="small" aria-label="Webhook endpoints">
        <TableHead>
          <TableRow>
            <TableCell>URL</TableCell>
            <TableCell>Events</TableCell>
            <TableCell>State</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(data ?? []).map((h) => (
            <TableRow key={h.id}>
              <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 160 }}>{h.url}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{h.events.join(', ')}</TableCell>
              <TableCell>
                {h.paused_at ? (
                  <Chip size="small" color="warning" label={`Paused ${h.paused_at.slice(0, 16).replace('T', ' ')}`} />
                ) : h.consecutive_failures ? (
                  <Chip size="small" variant="outlined" label={`${h.consecutive_failures} failed in a row`} />
                ) : (
                  <Chip
                    size="small"
                    variant="outlined"
                    color="success"
                    label={h.active === false ? 'Inactive' : 'Active'}
                  />
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {h.paused_at && (
                  <Button size="small" variant="contained" color="warning" onClick={() => void resume(h.id!)}>
                    Resume
                  </Button>
                )}
                <Button size="small" onClick={() => setOpen(open === h.id ? null : h.id!)}>
                  Deliveries
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() =>
                    void deleteWebhook(h.id!).then(() => queryClient.invalidateQueries({ queryKey: webhookKeys.list }))
                  }
                >
                  Delete
                </Button>
              </TableCell>
            </TableRow>
          ))}
          {data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>No webhooks yet.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {open && <DeliveryLog open={open} />}
      <NewWebhookForm onCreated={setSecret} />
      <SecretDialog
        secret={secret}
        onClose={() => setSecret(null)}
        title="Copy the signing secret now"
        label="Signing secret"
      />
    </Box>
  );
}
