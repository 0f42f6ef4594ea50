import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';

export function AboutPage() {
  const t = useT();
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', py: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 600 }}>
        {t('about.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('about.intro')}</Typography>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('about.hotels_title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('about.hotels')}</Typography>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('about.operators_title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('about.operators')}</Typography>
    </Box>
  );
}
