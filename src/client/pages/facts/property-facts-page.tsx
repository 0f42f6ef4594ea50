import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { countryName } from '../../reference/countries';
import { PublishChip } from './editor-header';
import { useCompleteness, useProperties } from './queries';
import { TABS } from './tabs';

/** Filled share of a property's facts and what publishing still needs. */
function CompletenessCell({ id }: { id: number }) {
  const { data } = useCompleteness(id);
  if (!data) return <LinearProgress aria-label="Loading completeness" sx={{ width: 120 }} />;
  const docs = data.sections.filter((s) => s.enabled && s.kind === 'document');
  const filled = docs.reduce((n, s) => n + s.filled, 0);
  const total = docs.reduce((n, s) => n + s.total, 0);
  const pct = total ? Math.round((filled / total) * 100) : 0;
  const missing = data.sections.filter((s) => s.enabled).reduce((n, s) => n + s.missing.length, 0);
  return (
    <Box sx={{ minWidth: 160 }} data-testid="completeness">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress variant="determinate" value={pct} sx={{ flex: 1, height: 8, borderRadius: 4 }} aria-label={`${pct} % filled`} />
        <Typography variant="body2">{pct} %</Typography>
      </Box>
      <Typography variant="caption" color={missing ? 'warning.main' : 'success.main'}>
        {missing ? `${missing} required ${missing === 1 ? 'field' : 'fields'} missing to publish` : 'Ready to publish'}
      </Typography>
    </Box>
  );
}

/** /property-facts (Add Facts Info): every property, its publish state and completeness, into the editor. */
export function PropertyFactsPage() {
  const { data, isError } = useProperties();
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 3 }}>
        Add Facts Info
      </Typography>
      {isError && <Alert severity="error">The properties could not be loaded.</Alert>}
      {!data && !isError && <LinearProgress aria-label="Loading properties" />}
      {data && data.length === 0 && (
        <Alert severity="info">
          No property yet. <RouterLink to="/add-property">Add a property</RouterLink> to fill in its facts.
        </Alert>
      )}
      {data && data.length > 0 && (
        <Paper variant="outlined">
          <Table aria-label="Properties">
            <TableHead>
              <TableRow>
                <TableCell>Property</TableCell>
                <TableCell>Location</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Completeness</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((p) => (
                <TableRow key={p.id} data-testid="property-row">
                  <TableCell sx={{ fontWeight: 600 }}>{p.hotel_name}</TableCell>
                  <TableCell>{[p.city, countryName(p.country)].filter(Boolean).join(', ')}</TableCell>
                  <TableCell>
                    <PublishChip publishDate={p.publish_date} />
                  </TableCell>
                  <TableCell>
                    <CompletenessCell id={p.id} />
                  </TableCell>
                  <TableCell align="right">
                    <Button component={RouterLink} to={`/property/${p.id}/${TABS[0]!.key}`} variant="outlined" size="small" aria-label={`Edit facts of ${p.hotel_name}`}>
                      Edit facts
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}
