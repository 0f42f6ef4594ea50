import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useProperties } from '../../api/properties';

/** A hotel's way to each property's website widget (/display-widgets/{id}): nothing else links there. */
export function WidgetsSection() {
  const { data, isError } = useProperties();
  return (
    <Box component="section" aria-label="Website widgets" sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2">
        Website widget
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Show a property&rsquo;s published facts and photos on your own web site, on the origins of your whitelist
        entries.
      </Typography>
      {isError && <Alert severity="error">The properties could not be loaded.</Alert>}
      {data?.length === 0 && <Typography>Add a property first.</Typography>}
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {(data ?? []).map((p) => (
          <li key={p.id}>
            <Link component={RouterLink} to={`/display-widgets/${p.id}`}>
              Widget of {p.hotel_name}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
