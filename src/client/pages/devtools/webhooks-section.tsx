import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessages, fieldErrors } from '../../api/errors';
import { createWebhook, deleteWebhook, redeliver, resumeWebhook, useDeliveries, useWebhooks, webhookKeys } from './devtools-api';
import { SecretDialog } from './secret-dialog';
import { WEBHOOK_EVENTS } from '../../../shared/generated/value-lists';
import type { WebhookWire } from '../../../shared/generated/wire-types';

/** Every webhook event, in the schema's order (the enum of webhook.schema.json's events). */
const EVENTS: WebhookWire['events'] = WEBHOOK_EVENTS.map((e) => e.value);

/** Webhook endpoints, the signing secret shown once, and each endpoint's delivery log with a redeliver button. */
export function WebhooksSection() {
  const { data } = useWebhooks();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookWire['events']>(['property.published']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const deliveries = useDeliveries(open);
  const add = async () => {
    try {
      const hook = await createWebhook(url, events);
      setUrl('');
      setErrors({});
      setSecret(hook.secret ?? null);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list });
    } catch (e) {
      setErrors(fieldErrors(e));
    }
  };
  const again = async (id: number) => {
    try {
      await redeliver(id);
      enqueueSnackbar('Queued for delivery.', { variant: 'success' });
      if (open) void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(open) });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };
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
      <Typography variant="h6" component="h2">Webhooks</Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Events pushed to your endpoints, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); retried with back-off until your endpoint answers 2xx.
      </Typography>
      {paused.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {paused.length === 1 ? 'One endpoint is' : `${paused.length} endpoints are`} paused after failing delivery after delivery: nothing is sent to it until you resume it. Check the receiver (its delivery log says why it failed), then Resume.
        </Alert>
      )}
      <Table size="small" aria-label="Webhook endpoints">
        <TableHead><TableRow><TableCell>URL</TableCell><TableCell>Events</TableCell><TableCell>State</TableCell><TableCell /></TableRow></TableHead>
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
                  <Chip size="small" variant="outlined" color="success" label={h.active === false ? 'Inactive' : 'Active'} />
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {h.paused_at && <Button size="small" variant="contained" color="warning" onClick={() => void resume(h.id!)}>Resume</Button>}
                <Button size="small" onClick={() => setOpen(open === h.id ? null : h.id!)}>Deliveries</Button>
                <Button size="small" color="error" onClick={() => void deleteWebhook(h.id!).then(() => queryClient.invalidateQueries({ queryKey: webhookKeys.list }))}>Delete</Button>
              </TableCell>
            </TableRow>
          ))}
          {data?.length === 0 && <TableRow><TableCell colSpan={4}>No webhooks yet.</TableCell></TableRow>}
        </TableBody>
      </Table>
      {open && (
        <Table size="small" aria-label="Delivery log" sx={{ mt: 2 }}>
          <TableHead><TableRow><TableCell>Event</TableCell><TableCell>Status</TableCell><TableCell>Response</TableCell><TableCell>Why it failed</TableCell><TableCell>Attempts</TableCell><TableCell>Time</TableCell><TableCell /></TableRow></TableHead>
          <TableBody>
            {(deliveries.data ?? []).map((d) => (
              <TableRow key={d.id}>
                <TableCell>{d.event}</TableCell>
                <TableCell>{d.status}</TableCell>
                <TableCell>{d.response_code ?? '—'}</TableCell>
                <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>{d.error ?? ''}</TableCell>
                <TableCell>{d.attempts}</TableCell>
                <TableCell>{(d.last_attempt_at ?? d.created_at).slice(0, 19).replace('T', ' ')}</TableCell>
                <TableCell align="right"><Button size="small" onClick={() => void again(d.id)}>Redeliver</Button></TableCell>
              </TableRow>
            ))}
            {deliveries.data?.length === 0 && <TableRow><TableCell colSpan={7}>Nothing sent yet.</TableCell></TableRow>}
          </TableBody>
        </Table>
      )}
      <Box component="form" aria-label="New webhook" sx={{ display: 'grid', gap: 1, mt: 2, maxWidth: 600 }} onSubmit={(e) => { e.preventDefault(); void add(); }}>
        <TextField label="Endpoint URL" value={url} onChange={(e) => setUrl(e.target.value)} error={!!errors.url} helperText={errors.url} size="small" />
        <Box>
          {EVENTS.map((ev) => (
            <FormControlLabel key={ev} label={ev} control={<Checkbox size="small" checked={events.includes(ev)} onChange={(e) => setEvents(e.target.checked ? [...events, ev] : events.filter((x) => x !== ev))} />} />
          ))}
        </Box>
        {errors.events && <Typography color="error" variant="body2">{errors.events}</Typography>}
        <Box><Button type="submit" variant="outlined">Add webhook</Button></Box>
      </Box>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} title="Copy the signing secret now" label="Signing secret" />
    </Box>
  );
}
