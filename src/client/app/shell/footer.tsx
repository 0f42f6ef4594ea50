import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { EXTERNAL_LINKS } from './external-links';

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{
        px: 3,
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
        © {new Date().getFullYear()} Ananas
      </Typography>
      <Link component={RouterLink} to="/about" variant="body2">
        About
      </Link>
      <Link href={EXTERNAL_LINKS.customerService} variant="body2" {...external}>
        Customer service
      </Link>
      <Link href={EXTERNAL_LINKS.terms} variant="body2" {...external}>
        Terms
      </Link>
      <Link href={EXTERNAL_LINKS.privacy} variant="body2" {...external}>
        Privacy
      </Link>
    </Box>
  );
}
