import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useT } from '../i18n';

/** A page this person may not open, said with the reason and a way back (no call is made). */
export function RouteRefusal({ reason }: { reason: string }) {
  const t = useT();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }} data-testid="route-refusal">
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {t('shell.refusal_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {reason}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('common.go_to_dashboard')}
      </Button>
    </Box>
  );
}
