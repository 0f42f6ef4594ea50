import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { PublishChip } from '../../components/publish-chip';
import { useT } from '../../i18n';
import { GalleryView } from './gallery-view';
import { PhotoReleasesPanel } from './photo-releases-panel';
import { PartnerPhotosPanel } from './partner-photos-panel';
import { usePropertyGallery } from './use-property-gallery';

/** /property-photos/:id: one property's gallery. A property the user may not see shows nothing of it. */
export function PropertyGalleryPage() {
  const id = Number(useParams().id);
  const t = useT();
  const { failed, loaded, property, editable } = usePropertyGallery(id);
  if (failed) return <Alert severity="error">{t('gallery.properties_failed')}</Alert>;
  if (!loaded) return <LinearProgress aria-label={t('gallery.loading_property')} />;
  if (!property) {
    return (
      <Alert severity="warning" data-testid="gallery-not-found">
        {t('gallery.not_found')}{' '}
        <Link component={RouterLink} to="/property-photos">
          {t('gallery.all_properties')}
        </Link>
      </Alert>
    );
  }
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }} data-testid="property-gallery">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
          {property.hotel_name}
        </Typography>
        <PublishChip property={property} />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, mb: 3 }}>
        <Link component={RouterLink} to="/property-photos">
          {t('gallery.all_properties')}
        </Link>
        <Link component={RouterLink} to={`/property/${id}/general`}>
          {t('gallery.facts_of', { name: property.hotel_name })}
        </Link>
      </Box>
      <PhotoReleasesPanel propertyId={id} editable={editable} />
      <PartnerPhotosPanel propertyId={id} editable={editable} />
      <GalleryView key={id} propertyId={id} editable={editable} />
    </Box>
  );
}
