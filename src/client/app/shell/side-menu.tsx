import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useMenu } from '../../session/use-menu';
import { useColorMode } from '../../theme/color-mode';
import { SIDEBAR_COLORS, type SidebarColor } from '../../theme/theme';
import { MENU_ICONS } from '../../components/menu-icons';
import { useT } from '../../i18n';

export const SIDEBAR_WIDTH = 248;
export const SIDEBAR_TITLE = 'Ananas';

function isActive(route: string, path: string): boolean {
  return route === '/' ? path === '/' || path === '/home' : path === route || path.startsWith(`${route}/`);
}

function MenuContent({ onNavigate }: { onNavigate: () => void }) {
  const items = useMenu();
  const { pathname } = useLocation();
  const t = useT();
  return (
    <Box component="nav" aria-label={t('shell.main_menu')} sx={{ color: 'common.white' }}>
      <Box sx={{ px: 2.5, py: 2.5 }}>
        <Typography variant="h5" component="div" sx={{ fontWeight: 700 }}>
          {SIDEBAR_TITLE}
        </Typography>
        <Typography variant="caption" sx={{ opacity: 0.8 }}>
          {t('shell.slogan')}
        </Typography>
      </Box>
      <List data-testid="side-menu">
        {items.map((item) =>
          item.disabled ? (
            <ListItemButton
              key={item.key}
              disabled
              aria-disabled
              sx={{ mx: 1, borderRadius: 1, '&.Mui-disabled': { opacity: 0.7 } }}
              data-disabled-reason={t(item.disabled)}
            >
              <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>{MENU_ICONS[item.key]}</ListItemIcon>
              <ListItemText
                primary={t(item.label)}
                secondary={t(item.disabled)}
                slotProps={{ secondary: { sx: { color: 'inherit', fontSize: 12 } } }}
              />
            </ListItemButton>
          ) : (
            <ListItemButton
              key={item.key}
              component={RouterLink}
              to={item.route}
              selected={isActive(item.route, pathname)}
              onClick={onNavigate}
              sx={{ mx: 1, borderRadius: 1, '&.Mui-selected': { bgcolor: 'rgba(255,255,255,0.16)' } }}
            >
              <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>{MENU_ICONS[item.key]}</ListItemIcon>
              <ListItemText primary={t(item.label)} />
            </ListItemButton>
          ),
        )}
      </List>
    </Box>
  );
}

interface Props {
  mobileOpen: boolean;
  onClose: () => void;
  color?: SidebarColor;
}

/** The side menu (signed in only): permanent on wide screens, a drawer on small ones. */
export function SideMenu({ mobileOpen, onClose, color }: Props) {
  // The account's sidebar colour (preferences) unless told otherwise.
  const account = useColorMode().sidebarColor;
  // No backgroundImage: dark mode's elevation overlay would wash out the sidebar colour.
  const paper = {
    width: SIDEBAR_WIDTH,
    bgcolor: SIDEBAR_COLORS[color ?? account],
    backgroundImage: 'none',
    color: 'common.white',
    border: 0,
  };
  return (
    <Box sx={{ width: { md: SIDEBAR_WIDTH }, flexShrink: { md: 0 } }}>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onClose}
        sx={{ display: { xs: 'block', md: 'none' } }}
        slotProps={{ paper: { sx: paper } }}
      >
        <MenuContent onNavigate={onClose} />
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{ display: { xs: 'none', md: 'block' } }}
        slotProps={{ paper: { sx: paper } }}
      >
        <MenuContent onNavigate={() => undefined} />
      </Drawer>
    </Box>
  );
}
