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
import { EXTERNAL_LINKS } from './external-links';
import { useOpenWhatsNew } from './whats-new';

function initials(first: string, last: string, email: string): string {
  const letters = `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  return letters || email.charAt(0).toUpperCase();
}

/** Spec 000 §2: Profile, upgrade, features, help, Sign Out. */
export function UserMenu() {
  const user = useSession()?.user;
  const signOut = useSignOut();
  const openWhatsNew = useOpenWhatsNew();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <>
      <Tooltip title={name}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label="Account menu"
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
          {user.email}
        </Typography>
        <Divider />
        <MenuItem component={RouterLink} to="/user-profile">
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        <MenuItem component={RouterLink} to="/premium-account">
          <ListItemIcon>
            <WorkspacePremiumIcon fontSize="small" />
          </ListItemIcon>
          Upgrade
        </MenuItem>
        <MenuItem onClick={openWhatsNew}>
          <ListItemIcon>
            <NewReleasesIcon fontSize="small" />
          </ListItemIcon>
          Features
        </MenuItem>
        <MenuItem component="a" href={EXTERNAL_LINKS.help} target="_blank" rel="noopener noreferrer">
          <ListItemIcon>
            <HelpIcon fontSize="small" />
          </ListItemIcon>
          Help
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => signOut()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Sign Out
        </MenuItem>
      </Menu>
    </>
  );
}
