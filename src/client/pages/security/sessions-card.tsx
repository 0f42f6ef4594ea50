import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Isolate, useFormat, useT } from '../../i18n';
import { browserName, type BrowserWords } from './security-api';
import { useSessionList } from './use-security';

/** A browser in words; an agent the page cannot name is shown as sent, left to right. */
function BrowserName({ agent, words }: { agent: string | null; words: BrowserWords }) {
  const name = browserName(agent, words);
  return name === agent ? <Isolate>{name}</Isolate> : <>{name}</>;
}

/** My active sessions (where and when I am signed in); any can be ended, this one signs me out. */
export function SessionsCard() {
  const fmt = useFormat();
  const t = useT();
  const words = {
    unknown: t('security.unknown_browser'),
    on: (browser: string, system: string) => t('security.browser_on_system', { browser, system }),
  };
  const { sessions: data, failed: isError, busy, end } = useSessionList();
  if (isError) return <Alert severity="error">{t('security.sessions_not_loaded')}</Alert>;
  if (!data) return <LinearProgress aria-label={t('security.loading_sessions')} />;
  return (
    <Table size="small" aria-label={t('security.active_sessions')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('security.browser')}</TableCell>
          <TableCell>{t('security.address')}</TableCell>
          <TableCell>{t('security.signed_in_utc')}</TableCell>
          <TableCell>{t('security.last_used_utc')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((s) => (
          <TableRow key={s.id} data-session={s.current ? 'current' : 'other'}>
            <TableCell>
              <BrowserName agent={s.user_agent} words={words} />{' '}
              {s.current && <Chip size="small" color="primary" label={t('security.this_session')} sx={{ ml: 1 }} />}
            </TableCell>
            <TableCell>{s.ip ? <Isolate>{s.ip}</Isolate> : '—'}</TableCell>
            <TableCell>{fmt.dateTime(s.created_at)}</TableCell>
            <TableCell>{s.last_used_at ? fmt.dateTime(s.last_used_at) : '—'}</TableCell>
            <TableCell align="right">
              <Button
                size="small"
                color={s.current ? 'error' : 'primary'}
                disabled={busy !== null}
                onClick={() => void end(s.id, s.current)}
              >
                {t(s.current ? 'security.sign_out' : 'security.end')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
