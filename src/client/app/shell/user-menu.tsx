import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PersonIcon from '@mui/icons-material/Person';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import NewReleasesIcon from '@mui/icons-material/NewReleases';
import HelpIcon from '@mui/icons-material/Help';
import LogoutIcon from '@mui/icons-material/Logout';
import { useSession } from '../../session/session';
import { useSignOut } from '../../session/use-sign-out';
import { EXTERNAL_LINKS } from '../../components/external-links';
import { useOpenWhatsNew } from './whats-new';
import { Isolate, MIRROR_IN_RTL, useT } from '../../i18n';

function initials(first: string, last: string, email: string): string {
  const letters = `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  return letters || email.charAt(0).toUpperCase();
}

/** Spec 000 §2: Profile, upgrade, features, help, Sign Out. */
export function UserMenu() {
  const user = useSession()?.user;
  const signOut = useSignOut();
  const openWhatsNew = useOpenWhatsNew();
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <>
      <Tooltip title={name}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('shell.account_menu')}
          aria-haspopup="menu"
          sx={{ ml: 0.5 }}
        >
          <Avatar sx={{ width: 32, height: 32, bgcolor: 'secondary.main', fontSize: 14 }}>
            {initials(user.firstName, user.lastName, user.email)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close} onClick={close}>
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          <Isolate>{user.email}</Isolate>
        </Typography>
        <Divider />
        <MenuItem component={RouterLink} to="/user-profile">
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {t('shell.menu_profile')}
        </MenuItem>
        <MenuItem component={RouterLink} to="/premium-account">
          <ListItemIcon>
            <WorkspacePremiumIcon fontSize="small" />
          </ListItemIcon>
          {t('shell.menu_upgrade')}
        </MenuItem>
        <MenuItem onClick={openWhatsNew}>
          <ListItemIcon>
            <NewReleasesIcon fontSize="small" />
          </ListItemIcon>
          {t('shell.menu_features')}
        </MenuItem>
        <MenuItem component="a" href={EXTERNAL_LINKS.help} target="_blank" rel="noopener noreferrer">
          <ListItemIcon>
            <HelpIcon fontSize="small" />
          </ListItemIcon>
          {t('shell.menu_help')}
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => signOut()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" className={MIRROR_IN_RTL} />
          </ListItemIcon>
          {t('shell.sign_out')}
        </MenuItem>
      </Menu>
    </>
  );
}
