import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { EXTERNAL_LINKS } from '../../components/external-links';
import { useT } from '../../i18n';

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

export function Footer() {
  const t = useT();
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
        {t('shell.footer_about')}
      </Link>
      <Link href={EXTERNAL_LINKS.customerService} variant="body2" {...external}>
        {t('shell.footer_customer_service')}
      </Link>
      <Link href={EXTERNAL_LINKS.terms} variant="body2" {...external}>
        {t('shell.footer_terms')}
      </Link>
      <Link href={EXTERNAL_LINKS.privacy} variant="body2" {...external}>
        {t('shell.footer_privacy')}
      </Link>
    </Box>
  );
}
