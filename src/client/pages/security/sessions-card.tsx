import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { errorMessages } from '../../api/errors';
import { formatNotificationDate } from '../../format/dates';
import { useSignOut } from '../../session/use-sign-out';
import { browserName, endSession, securityKeys, useSessions } from './security-api';

/** My active sessions (where and when I am signed in); any can be ended, this one signs me out. */
export function SessionsCard() {
  const { data, isError } = useSessions();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState<number | null>(null);
  const end = async (id: number, current: boolean) => {
    setBusy(id);
    try {
      await endSession(id);
      if (current) return signOut('signed-out');
      enqueueSnackbar('The session has ended.', { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  };
  if (isError) return <Alert severity="error">Your sessions could not be loaded.</Alert>;
  if (!data) return <LinearProgress aria-label="Loading sessions" />;
  return (
    <Table size="small" aria-label="Active sessions">
      <TableHead>
        <TableRow>
          <TableCell>Browser</TableCell>
          <TableCell>Address</TableCell>
          <TableCell>Signed in (UTC)</TableCell>
          <TableCell>Last used (UTC)</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((s) => (
          <TableRow key={s.id} data-session={s.current ? 'current' : 'other'}>
            <TableCell>
              {browserName(s.user_agent)}{' '}
              {s.current && <Chip size="small" color="primary" label="This session" sx={{ ml: 1 }} />}
            </TableCell>
            <TableCell>{s.ip ?? '—'}</TableCell>
            <TableCell>{formatNotificationDate(s.created_at)}</TableCell>
            <TableCell>{s.last_used_at ? formatNotificationDate(s.last_used_at) : '—'}</TableCell>
            <TableCell align="right">
              <Button
                size="small"
                color={s.current ? 'error' : 'primary'}
                disabled={busy !== null}
                onClick={() => void end(s.id, s.current)}
              >
                {s.current ? 'Sign out' : 'End'}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
