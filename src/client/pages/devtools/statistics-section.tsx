import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useApiStatistics } from './devtools-api';

/** Partner API calls per key and day (GET api/reports/api-statistics/). */
export function StatisticsSection() {
  const { data, isError } = useApiStatistics();
  return (
    <Box component="section" aria-label="API statistics" sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2">
        Statistics
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Calls made with your keys over the last 30 days: {data?.total ?? 0}.
      </Typography>
      {isError && <Alert severity="error">The statistics could not be loaded.</Alert>}
      <Table size="small" aria-label="Calls per key and day">
        <TableHead>
          <TableRow>
            <TableCell>Day</TableCell>
            <TableCell>Key</TableCell>
            <TableCell align="right">Calls</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(data?.days ?? []).map((d) => (
            <TableRow key={`${d.date}-${d.key}`}>
              <TableCell>{d.date}</TableCell>
              <TableCell>
                {d.title} <code>{d.prefix}…</code>
              </TableCell>
              <TableCell align="right">{d.calls}</TableCell>
            </TableRow>
          ))}
          {data?.days.length === 0 && (
            <TableRow>
              <TableCell colSpan={3}>No calls yet.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
