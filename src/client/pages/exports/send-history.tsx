import { Fragment, useState } from 'react';
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
import { Isolate, useFormat, useT, type Translate } from '../../i18n';
import type { ExportSendWire } from '../../../shared/generated/wire-types';
import type { MessageKey } from '../../../shared/i18n/messages';
import { useSendHistory } from './use-send-history';

const LAYOUTS: Record<string, MessageKey> = {
  '': 'exports.layout_standard',
  F: 'exports.layout_fact_points',
  R: 'exports.layout_rich_text',
  G: 'exports.layout_grouped',
  S: 'exports.layout_summarized',
};

function what(s: ExportSendWire, t: Translate): string {
  const language = s.language.toUpperCase();
  if (s.kind === 'photos') return t('exports.what_photos', { language });
  if (s.kind === 'availability') return t('exports.what_chart');
  const key = LAYOUTS[s.layout ?? ''];
  return t('exports.what_sheet', { layout: key ? t(key) : (s.layout ?? ''), language });
}

function StateChip({ send }: { send: ExportSendWire }) {
  const t = useT();
  const counts = { sent: send.sent, total: send.total, failed: send.failed };
  if (send.state === 'queued') return <Chip size="small" label={t('exports.state_queued')} />;
  if (send.state === 'sending') return <Chip size="small" color="info" label={t('exports.state_sending', counts)} />;
  if (send.state === 'failed') return <Chip size="small" color="error" label={t('exports.state_failed', counts)} />;
  if (send.failed) return <Chip size="small" color="warning" label={t('exports.state_partly', counts)} />;
  return <Chip size="small" color="success" label={t('exports.state_done', counts)} />;
}

const RECIPIENT_STATE: Record<string, MessageKey> = {
  pending: 'exports.recipient_pending',
  sending: 'exports.recipient_sending',
  sent: 'exports.recipient_sent',
  failed: 'exports.recipient_failed',
};

/** Who a send went to, and how far it reached each. */
function RecipientRows({ send }: { send: ExportSendWire }) {
  const t = useT();
  const format = useFormat();
  return (
    <TableRow>
      <TableCell />
      <TableCell colSpan={6}>
        <Table size="small" aria-label={t('exports.recipients')}>
          <TableBody>
            {send.recipients.map((r) => (
              <TableRow key={r.email} data-testid="recipient-row">
                <TableCell>{r.name}</TableCell>
                <TableCell>
                  <Isolate>{r.email}</Isolate>
                </TableCell>
                <TableCell>{RECIPIENT_STATE[r.state] ? t(RECIPIENT_STATE[r.state]!) : r.state}</TableCell>
                <TableCell>{r.sent_at ? format.dateTime(r.sent_at) : (r.error ?? '')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableCell>
    </TableRow>
  );
}

/** One send: when, what, to which group, by whom, its state; opens onto its recipients. */
function SendRow({
  send: s,
  open,
  toggle,
  retrying,
  retry,
}: {
  send: ExportSendWire;
  open: boolean;
  toggle(): void;
  retrying: boolean;
  retry(): void;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <TableRow data-testid="send-row" data-state={s.state}>
      <TableCell padding="checkbox">
        <IconButton
          size="small"
          aria-label={t('exports.recipients_of', { date: format.dateTime(s.created_at) })}
          aria-expanded={open}
          onClick={toggle}
        >
          {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        </IconButton>
      </TableCell>
      <TableCell>{format.dateTime(s.created_at)}</TableCell>
      <TableCell>{what(s, t)}</TableCell>
      <TableCell>{s.group_name}</TableCell>
      <TableCell>{s.created_by ?? ''}</TableCell>
      <TableCell>
        <StateChip send={s} />
      </TableCell>
      <TableCell align="right">
        {(s.state === 'done' || s.state === 'failed') && s.failed > 0 && (
          <Button size="small" onClick={retry} disabled={retrying}>
            {t('exports.retry_failed')}
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The sends of a property: state per send and per recipient, and a retry for whom it did not reach. */
export function SendHistory({ property }: { property: number }) {
  const { sends: data, failed: isError, retrying, retry } = useSendHistory(property);
  const [open, setOpen] = useState<number | null>(null);
  const t = useT();
  if (isError) return <Alert severity="error">{t('exports.history_failed')}</Alert>;
  if (!data) return null;
  if (!data.length) return <Typography color="text.secondary">{t('exports.history_empty')}</Typography>;
  return (
    <Table size="small" aria-label={t('exports.sends')}>
      <TableHead>
        <TableRow>
          <TableCell />
          <TableCell>{t('exports.col_sent_at')}</TableCell>
          <TableCell>{t('exports.col_what')}</TableCell>
          <TableCell>{t('exports.col_group')}</TableCell>
          <TableCell>{t('exports.col_by')}</TableCell>
          <TableCell>{t('exports.col_state')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((s) => (
          <Fragment key={s.id}>
            <SendRow
              send={s}
              open={open === s.id}
              toggle={() => setOpen(open === s.id ? null : s.id)}
              retrying={retrying === s.id}
              retry={() => void retry(s.id)}
            />
            {open === s.id && <RecipientRows send={s} />}
          </Fragment>
        ))}
      </TableBody>
    </Table>
  );
}
