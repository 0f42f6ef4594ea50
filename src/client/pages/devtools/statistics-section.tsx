import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DateText, Isolate, useFormat, useT } from '../../i18n';
import { useApiStatistics } from './devtools-api';

/** Partner API calls per key and day (GET api/reports/api-statistics/). */
export function StatisticsSection() {
  const { data, isError } = useApiStatistics();
  const t = useT();
  const fmt = useFormat();
  return (
    <Box component="section" aria-label={t('devtools.statistics_label')} sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2">
        {t('devtools.statistics')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('devtools.calls_total', { days: 30, total: data?.total ?? 0 })}
      </Typography>
      {isError && <Alert severity="error">{t('devtools.statistics_not_loaded')}</Alert>}
      <Table size="small" aria-label={t('devtools.calls_per_key_day')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('devtools.day')}</TableCell>
            <TableCell>{t('devtools.key')}</TableCell>
            <TableCell align="right">{t('devtools.calls')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(data?.days ?? []).map((d) => (
            <TableRow key={`${d.date}-${d.key}`}>
              <TableCell>
                <DateText value={d.date} />
              </TableCell>
              <TableCell>
                {d.title}{' '}
                <Isolate>
                  <code>{d.prefix}…</code>
                </Isolate>
              </TableCell>
              <TableCell align="right">{fmt.number(d.calls)}</TableCell>
            </TableRow>
          ))}
          {data?.days.length === 0 && (
            <TableRow>
              <TableCell colSpan={3}>{t('devtools.no_calls')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
