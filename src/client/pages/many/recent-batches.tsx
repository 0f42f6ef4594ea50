import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useBatches } from './many-api';

/** The last five bulk edits, each leading to its progress, outcomes and undo. */
export function RecentBatches() {
  const { data } = useBatches();
  if (!data?.length) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1">Recent bulk edits</Typography>
      {data.slice(0, 5).map((b) => (
        <Typography key={b.id} variant="body2">
          <Link component={RouterLink} to={`/bulk-edit?batch=${b.id}`}>
            {new Date(b.created_at).toLocaleString()}: {b.title}, {b.fields.map((f) => f.label).join(', ')} ({b.total}{' '}
            properties, {b.state})
          </Link>
        </Typography>
      ))}
    </Box>
  );
}
