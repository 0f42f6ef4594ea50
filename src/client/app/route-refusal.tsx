import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** A page this person may not open, said with the reason and a way back (no call is made). */
export function RouteRefusal({ reason }: { reason: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: 8 }} data-testid="route-refusal">
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        Not available to you
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {reason}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to the dashboard
      </Button>
    </Box>
  );
}
