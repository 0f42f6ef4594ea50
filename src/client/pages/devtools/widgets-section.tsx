import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useProperties } from '../../api/properties';
import { useT } from '../../i18n';

/** A hotel's way to each property's website widget (/display-widgets/{id}): nothing else links there. */
export function WidgetsSection() {
  const { data, isError } = useProperties();
  const t = useT();
  return (
    <Box component="section" aria-label={t('devtools.widgets_label')} sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2">
        {t('devtools.widget_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('devtools.widget_help')}
      </Typography>
      {isError && <Alert severity="error">{t('devtools.properties_not_loaded')}</Alert>}
      {data?.length === 0 && <Typography>{t('devtools.add_property_first')}</Typography>}
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {(data ?? []).map((p) => (
          <li key={p.id}>
            <Link component={RouterLink} to={`/display-widgets/${p.id}`}>
              {t('devtools.widget_of', { name: p.hotel_name })}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
