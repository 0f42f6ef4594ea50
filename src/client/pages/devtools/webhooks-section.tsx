import { useState } from 'react';
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
import type { WebhookWire } from '../../../shared/generated/wire-types';
import { useWebhookEndpoints } from './use-webhooks';
import { DeliveryLog } from './delivery-log';
import { NewWebhookForm } from './new-webhook-form';
import { SecretDialog } from './secret-dialog';
import { useFormat, useT } from '../../i18n';
import { useRich } from './use-rich';

type Endpoints = ReturnType<typeof useWebhookEndpoints>;

/** An endpoint's state: paused (since when), failing (how many in a row), or active/inactive. */
function WebhookState({ h }: { h: WebhookWire }) {
  const t = useT();
  const fmt = useFormat();
  return h.paused_at ? (
    <Chip size="small" color="warning" label={t('devtools.paused_since', { time: fmt.dateTime(h.paused_at) })} />
  ) : h.consecutive_failures ? (
    <Chip size="small" variant="outlined" label={t('devtools.failed_in_row', { count: h.consecutive_failures })} />
  ) : (
    <Chip
      size="small"
      variant="outlined"
      color="success"
      label={t(h.active === false ? 'devtools.inactive' : 'devtools.active')}
    />
  );
}

function WebhookRow({ h, endpoints }: { h: WebhookWire; endpoints: Endpoints }) {
  const t = useT();
  const { open, setOpen } = endpoints;
  return (
    <TableRow>
      <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 160 }} dir="ltr">
        {h.url}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <code dir="ltr">{h.events.join(', ')}</code>
      </TableCell>
      <TableCell>
        <WebhookState h={h} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {h.paused_at && (
          <Button size="small" variant="contained" color="warning" onClick={() => void endpoints.resume(h.id!)}>
            {t('devtools.resume')}
          </Button>
        )}
        <Button size="small" onClick={() => setOpen(open === h.id ? null : h.id!)}>
          {t('devtools.deliveries')}
        </Button>
        <Button size="small" color="error" onClick={() => endpoints.remove(h.id!)}>
          {t('devtools.delete')}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** Webhook endpoints, the signing secret shown once, and each endpoint's delivery log with a redeliver button. */
export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const data = endpoints.webhooks;
  const t = useT();
  const rich = useRich();
  const [secret, setSecret] = useState<string | null>(null);
  const paused = (data ?? []).filter((h) => h.paused_at);
  return (
    <Box component="section" aria-label={t('devtools.webhooks')} sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2">
        {t('devtools.webhooks')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {rich('devtools.webhooks_help')}
      </Typography>
      {paused.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('devtools.paused_warning', { count: paused.length })}
        </Alert>
      )}
      <Table size="small" aria-label={t('devtools.webhook_endpoints')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('devtools.url')}</TableCell>
            <TableCell>{t('devtools.events')}</TableCell>
            <TableCell>{t('devtools.state')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(data ?? []).map((h) => (
            <WebhookRow key={h.id} h={h} endpoints={endpoints} />
          ))}
          {data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>{t('devtools.no_webhooks')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      {endpoints.open && <DeliveryLog open={endpoints.open} />}
      <NewWebhookForm onCreated={setSecret} />
      <SecretDialog
        secret={secret}
        onClose={() => setSecret(null)}
        title={t('devtools.copy_secret_now')}
        label={t('devtools.signing_secret')}
      />
    </Box>
  );
}
