import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Isolate, RichText, useT } from '../../i18n';

/** Unknown paths, and routes whose page is not built yet: said as it is. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }} data-testid="not-found">
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {t('not-found.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        <RichText
          k="not-found.no_page"
          values={{
            path: pathname,
            code: (chunks) => (
              <Isolate>
                <code>{chunks}</code>
              </Isolate>
            ),
          }}
        />
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('common.go_to_dashboard')}
      </Button>
    </Box>
  );
}
