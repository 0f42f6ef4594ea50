import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

interface Props {
  title: string;
  intro?: ReactNode;
  /** Where the back link leads; the settings hub by default. */
  back?: { to: string; label: string } | null;
  width?: number;
  children: ReactNode;
}

/** The frame of every settings page: a way back, the title, a line of what it is for. */
export function SettingsFrame({
  title,
  intro,
  back = { to: '/user-settings', label: 'Settings' },
  width = 1100,
  children,
}: Props) {
  return (
    <Box sx={{ maxWidth: width, mx: 'auto' }}>
      {back && (
        <Link component={RouterLink} to={back.to} variant="body2" sx={{ display: 'inline-block', mb: 1 }}>
          ← {back.label}
        </Link>
      )}
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: intro ? 1 : 3 }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Box>
  );
}
