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
import { memberName, memberStatus } from './team-api';

const COLOURS = { Active: 'success', 'Invitation pending': 'warning', 'Turned off': 'default' } as const;

/** The owner's team: name, e-mail, title and whether their access is on, each with edit and remove. */
export function TeamTable({
  team,
  onRemove,
}: {
  team: readonly AuthorizedUserWire[];
  onRemove(member: AuthorizedUserWire): void;
}) {
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table aria-label="Authorized users">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>E-mail</TableCell>
            <TableCell>Job title</TableCell>
            <TableCell>Access</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {team.map((m) => {
            const status = memberStatus(m);
            return (
              <TableRow key={m.id} data-member={m.email}>
                <TableCell>{memberName(m)}</TableCell>
                <TableCell>{m.email}</TableCell>
                <TableCell>{m.title}</TableCell>
                <TableCell>
                  <Chip size="small" label={status} color={COLOURS[status]} variant="outlined" />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button
                    size="small"
                    component={RouterLink}
                    to={`/addauth-users/${m.id}`}
                    aria-label={`Edit ${memberName(m)}`}
                  >
                    Edit
                  </Button>
                  <Button size="small" color="error" onClick={() => onRemove(m)} aria-label={`Remove ${memberName(m)}`}>
                    Remove
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
