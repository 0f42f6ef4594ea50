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
import { useSession } from '../../session/session';
import { PublishChip } from '../facts/editor-header';
import { useProperties } from '../facts/queries';
import { QuotaSummary } from './quota-summary';

/** /property-photos (Add Photos): the account's photos against the plan, and every property into its gallery. */
export function PropertyPhotosPage() {
  const accommodation = useSession()?.user.accountType === 'accommodation';
  const { data, isError } = useProperties();
  if (!accommodation) return <Alert severity="info">Photo galleries belong to accommodation accounts.</Alert>;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="property-photos">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        Add Photos
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <QuotaSummary />
      </Paper>
      {isError && <Alert severity="error">The properties could not be loaded.</Alert>}
      {!data && !isError && <LinearProgress aria-label="Loading properties" />}
      {data && data.length === 0 && (
        <Alert severity="info">
          No property yet. <RouterLink to="/add-property">Add a property</RouterLink> to upload its photos.
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
                <TableCell>Photos</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((p) => (
                <TableRow key={p.id} data-testid="property-row" data-property-id={p.id}>
                  <TableCell sx={{ fontWeight: 600 }}>{p.hotel_name}</TableCell>
                  <TableCell>{[p.city, countryName(p.country)].filter(Boolean).join(', ')}</TableCell>
                  <TableCell>
                    <PublishChip publishDate={p.publish_date} />
                  </TableCell>
                  <TableCell>
                    <span data-testid="photo-count">{`${p.photo_count} ${p.photo_count === 1 ? 'photo' : 'photos'}`}</span>
                  </TableCell>
                  <TableCell align="right">
                    <Button component={RouterLink} to={`/property-photos/${p.id}`} variant="outlined" size="small" aria-label={`Photos of ${p.hotel_name}`}>
                      Photos
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
