import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { ScrollTable } from '../../components/scroll-table';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useFormat, useT, type Translate } from '../../i18n';
import { useAbilities } from '../../session/use-can';
import type { ContractSummaryWire } from '../../../shared/generated/wire-types';
import { StatusChip, turnText } from './contract-bits';
import { companyLabel, useContractLabels } from './partners-api';

/** What a contract covers, in a few words. */
export function coverageText(
  c: Pick<ContractSummaryWire, 'all_properties' | 'covered_properties'>,
  t: Translate,
): string {
  if (c.all_properties) return t('partners.all_properties');
  return c.covered_properties.map((p) => p.hotel_name).join(', ') || t('partners.no_property');
}

/** Contracts as rows: the counterparty, status, whose move, what they cover and the last move. */
export function ContractsTable({
  contracts,
  busy = false,
  label,
}: {
  contracts: readonly ContractSummaryWire[];
  busy?: boolean;
  label: string;
}) {
  const t = useT();
  const fmt = useFormat();
  const labels = useContractLabels();
  const accountId = useAbilities()?.accountId;
  return (
    <ScrollTable busy={busy}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('partners.column_partner')}</TableCell>
            <TableCell>{t('partners.column_status')}</TableCell>
            <TableCell>{t('partners.column_covered')}</TableCell>
            <TableCell>{t('partners.column_last_move')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {contracts.map((c) => (
            <TableRow key={c.id} data-contract={c.id} hover>
              <TableCell>
                <Link component={RouterLink} to={`/contract-view/${c.id}`}>
                  {companyLabel(c.partner_info)}
                </Link>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <StatusChip status={c.status} labels={labels} />
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                  {turnText(c.turn, accountId, t)}
                  {c.status === 'X' && c.in_force && c.ends_at
                    ? t('partners.in_force_until', { date: fmt.dateTime(c.ends_at) })
                    : ''}
                </Typography>
              </TableCell>
              <TableCell>{coverageText(c, t)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(c.date_update)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollTable>
  );
}
