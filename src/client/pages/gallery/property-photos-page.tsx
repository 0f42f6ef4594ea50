import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSession } from '../../session/session';
import { PropertyTable } from '../../components/property-table';
import { QuotaSummary } from './quota-summary';

/** /property-photos (Add Photos): the account's photos against the plan, and every property into its gallery. */
export function PropertyPhotosPage() {
  const accommodation = useSession()?.user.accountType === 'accommodation';
  if (!accommodation) return <Alert severity="info">Photo galleries belong to accommodation accounts.</Alert>;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="property-photos">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        Add Photos
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <QuotaSummary />
      </Paper>
      <PropertyTable
        purpose="to upload its photos"
        column={{
          title: 'Photos',
          cell: (p) => (
            <span data-testid="photo-count">{`${p.photo_count} ${p.photo_count === 1 ? 'photo' : 'photos'}`}</span>
          ),
        }}
        link={{ label: 'Photos', to: (p) => `/property-photos/${p.id}`, ariaLabel: (p) => `Photos of ${p.hotel_name}` }}
      />
    </Box>
  );
}
