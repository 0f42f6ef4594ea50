/** The operator's past overrides, apart from the form that makes new ones. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ScrollTable } from '../../components/scroll-table';
import type { OverrideWire } from '../../../shared/generated/wire-types';
import type { MessageKey } from '../../../shared/i18n/messages';
import { useFormat, useT } from '../../i18n';
import type { OverrideNames } from './override-names';

const STATUS_WORDS: Record<OverrideWire['status'], MessageKey> = {
  pending: 'operator.own_photo_pending',
  approved: 'operator.status_approved',
  rejected: 'operator.status_rejected',
  withdrawn: 'operator.status_withdrawn',
  replaced: 'operator.status_replaced',
};
const STATUS_COLOURS = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
  replaced: 'default',
} as const;

/** The operator's overrides of the hotel, each with its state, and where the hotel changed an approved one since: keep mine or take the hotel's. */
export function History({
  overrides,
  names,
  onKeep,
  onDrop,
}: {
  overrides: OverrideWire[];
  names: OverrideNames;
  onKeep(o: OverrideWire): void;
  onDrop(o: OverrideWire): void;
}) {
  const t = useT();
  const fmt = useFormat();
  if (!overrides.length) return <Typography color="text.secondary">{t('operator.no_overrides')}</Typography>;
  return (
    <ScrollTable>
      <Table size="small" aria-label={t('operator.your_overrides')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('operator.column_field')}</TableCell>
            <TableCell>{t('operator.column_yours')}</TableCell>
            <TableCell>{t('operator.column_hotels_value')}</TableCell>
            <TableCell>{t('operator.column_state')}</TableCell>
            <TableCell>{t('operator.column_when')}</TableCell>
            <TableCell>{t('operator.column_notes')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {overrides.map((o) => (
            <TableRow key={o.id} data-override={o.field} data-status={o.status}>
              <TableCell>{names.field(o)}</TableCell>
              <TableCell>{o.value_text || '—'}</TableCell>
              <TableCell>
                {o.hotel_value_text || '—'}
                {o.drift_value_text !== null && o.status === 'approved' && (
                  <Box sx={{ mt: 0.5 }}>
                    <Chip
                      size="small"
                      color="error"
                      label={t('operator.drift_now', { value: o.drift_value_text || '—' })}
                    />
                    <Button size="small" onClick={() => onKeep(o)}>
                      {t('operator.keep_mine')}
                    </Button>
                    <Button size="small" onClick={() => onDrop(o)}>
                      {t('operator.use_hotels')}
                    </Button>
                  </Box>
                )}
              </TableCell>
              <TableCell>
                <Chip size="small" color={STATUS_COLOURS[o.status]} label={t(STATUS_WORDS[o.status])} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(o.decided_at ?? o.created_at)}</TableCell>
              <TableCell>
                {[o.comment, o.decision_comment && t('operator.hotel_comment', { comment: o.decision_comment })]
                  .filter(Boolean)
                  .join(' · ')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollTable>
  );
}
