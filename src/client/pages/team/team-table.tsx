import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AuthorizedUserWire } from '../../../shared/generated/wire-types';
import { Isolate, useT } from '../../i18n';
import { memberName, memberStatus } from './team-api';
import { STATUS_KEYS } from './member-status';

const COLOURS = { Active: 'success', 'Invitation pending': 'warning', 'Turned off': 'default' } as const;

/** The owner's team: name, e-mail, title and whether their access is on, each with edit and remove. */
export function TeamTable({
  team,
  onRemove,
}: {
  team: readonly AuthorizedUserWire[];
  onRemove(member: AuthorizedUserWire): void;
}) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table aria-label={t('team.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('team.name')}</TableCell>
            <TableCell>{t('team.email')}</TableCell>
            <TableCell>{t('team.job_title')}</TableCell>
            <TableCell>{t('team.access')}</TableCell>
            <TableCell align="right">{t('team.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {team.map((m) => {
            const status = memberStatus(m);
            return (
              <TableRow key={m.id} data-member={m.email}>
                <TableCell>{memberName(m)}</TableCell>
                <TableCell>
                  <Isolate>{m.email}</Isolate>
                </TableCell>
                <TableCell>{m.title}</TableCell>
                <TableCell>
                  <Chip size="small" label={t(STATUS_KEYS[status])} color={COLOURS[status]} variant="outlined" />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button
                    size="small"
                    component={RouterLink}
                    to={`/addauth-users/${m.id}`}
                    aria-label={t('team.edit_member', { name: memberName(m) })}
                  >
                    {t('team.edit')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => onRemove(m)}
                    aria-label={t('team.remove_member', { name: memberName(m) })}
                  >
                    {t('team.remove')}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Paper>
  );
}
