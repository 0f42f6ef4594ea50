import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSession } from '../../session/session';
import { PropertyTable } from '../../components/property-table';
import { useT } from '../../i18n';
import { QuotaSummary } from './quota-summary';

/** /property-photos (Add Photos): the account's photos against the plan, and every property into its gallery. */
export function PropertyPhotosPage() {
  const accommodation = useSession()?.user.accountType === 'accommodation';
  const t = useT();
  if (!accommodation) return <Alert severity="info">{t('gallery.accommodation_only')}</Alert>;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="property-photos">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        {t('gallery.add_photos')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <QuotaSummary />
      </Paper>
      <PropertyTable
        purpose={t('gallery.table_purpose')}
        column={{
          title: t('gallery.title'),
          cell: (p) => <span data-testid="photo-count">{t('gallery.photo_count', { count: p.photo_count })}</span>,
        }}
        link={{
          label: t('gallery.title'),
          to: (p) => `/property-photos/${p.id}`,
          ariaLabel: (p) => t('gallery.photos_of', { name: p.hotel_name }),
        }}
      />
    </Box>
  );
}
