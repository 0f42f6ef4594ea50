import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { DateTimeText, useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';
import { useDeliveryLog } from './use-webhooks';

const STATUS: Record<'pending' | 'delivered' | 'failed', MessageKey> = {
  pending: 'devtools.delivery_pending',
  delivered: 'devtools.delivery_delivered',
  failed: 'devtools.delivery_failed',
};

/** One endpoint's deliveries: what was sent, how it was answered, and Redeliver. */
export function DeliveryLog({ open }: { open: number }) {
  const { deliveries, again } = useDeliveryLog(open);
  const t = useT();
  return (
    <Table size="small" aria-label={t('devtools.delivery_log')} sx={{ mt: 2 }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('devtools.event')}</TableCell>
          <TableCell>{t('devtools.status')}</TableCell>
          <TableCell>{t('devtools.response')}</TableCell>
          <TableCell>{t('devtools.why_failed')}</TableCell>
          <TableCell>{t('devtools.attempts')}</TableCell>
          <TableCell>{t('devtools.time')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {(deliveries ?? []).map((d) => (
          <TableRow key={d.id}>
            <TableCell>
              <code dir="ltr">{d.event}</code>
            </TableCell>
            <TableCell>{t(STATUS[d.status])}</TableCell>
            <TableCell>{d.response_code ?? '—'}</TableCell>
            <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }} dir="ltr">
              {d.error ?? ''}
            </TableCell>
            <TableCell>{d.attempts}</TableCell>
            <TableCell>
              <DateTimeText value={d.last_attempt_at ?? d.created_at} />
            </TableCell>
            <TableCell align="right">
              <Button size="small" onClick={() => void again(d.id)}>
                {t('devtools.redeliver')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
        {deliveries?.length === 0 && (
          <TableRow>
            <TableCell colSpan={7}>{t('devtools.nothing_sent')}</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
