import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLanguage, useT } from '../i18n';

interface Props {
  title: string;
  intro?: ReactNode;
  /** Where the back link leads; the settings hub by default (null: no back link). */
  back?: { to: string; label: string } | null;
  width?: number;
  children: ReactNode;
}

/** The frame of every settings page: a way back, the title, a line of what it is for. */
export function SettingsFrame({ title, intro, back, width = 1100, children }: Props) {
  const t = useT();
  const { dir } = useLanguage();
  const way = back === undefined ? { to: '/user-settings', label: t('settings.title') } : back;
  // The arrow points back the way the page reads: left in English, right in Persian.
  const arrow = dir === 'rtl' ? '→' : '←';
  return (
    <Box sx={{ maxWidth: width, mx: 'auto' }}>
      {way && (
        <Link component={RouterLink} to={way.to} variant="body2" sx={{ display: 'inline-block', mb: 1 }}>
          {arrow} {way.label}
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
