import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Unknown paths, and routes whose page is not built yet: said as it is. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }} data-testid="not-found">
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        There is no page at <code>{pathname}</code>.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to the dashboard
      </Button>
    </Box>
  );
}
