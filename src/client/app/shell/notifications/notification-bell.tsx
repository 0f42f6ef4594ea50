import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useT } from '../../../i18n';
import { NotificationsPanel } from './notifications-panel';
import { useNotifications } from '../../../hooks/use-notifications';
import { useLiveNotifications } from './use-live-notifications';

/** The bell with the unread count; it opens the notifications panel. */
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data, isPending } = useNotifications();
  useLiveNotifications();
  const navigate = useNavigate();
  const t = useT();
  const unread = data?.filter((n) => !n.is_read).length ?? 0;
  const openLink = (link: string) => {
    setAnchor(null);
    navigate(link);
  };
  return (
    <>
      <Tooltip title={t('shell.notifications')}>
        <IconButton
          color="inherit"
          aria-label={t('shell.notifications_unread', { count: unread })}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="unread-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <NotificationsPanel notifications={data} loading={isPending} onOpenLink={openLink} />
      </Popover>
    </>
  );
}
