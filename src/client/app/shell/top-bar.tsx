import { Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useColorMode } from '../../theme/color-mode';
import { useSession } from '../../session/session';
import { useT } from '../../i18n';
import { DeferredTooltip } from './deferred-tooltip';
import { LanguageMenu } from './language-menu';
import { LazyNotificationBell, LazyUserMenu } from './signed-in-parts';

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const signedIn = !!useSession();
  const { mode, toggle } = useColorMode();
  const dark = mode === 'dark';
  const t = useT();
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 0.5 }}>
        {signedIn ? (
          <IconButton
            edge="start"
            onClick={onOpenMenu}
            aria-label={t('shell.open_menu')}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        ) : (
          <Typography
            component={RouterLink}
            to="/login"
            variant="h6"
            sx={{ fontWeight: 700, color: 'primary.main', textDecoration: 'none' }}
          >
            {t('shell.brand')}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <DeferredTooltip title={t(dark ? 'shell.light_mode' : 'shell.dark_mode')}>
          <IconButton
            onClick={toggle}
            aria-label={t(dark ? 'shell.switch_to_light' : 'shell.switch_to_dark')}
            aria-pressed={dark}
          >
            {dark ? <LightModeIcon /> : <DarkModeIcon />}
          </IconButton>
        </DeferredTooltip>
        <LanguageMenu />
        {signedIn ? (
          <Suspense fallback={null}>
            <LazyNotificationBell />
            <LazyUserMenu />
          </Suspense>
        ) : (
          <Button component={RouterLink} to="/login" variant="outlined" size="small" sx={{ ml: 1 }}>
            {t('shell.sign_in')}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
