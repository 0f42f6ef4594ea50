import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { NotificationWire } from '../../../../shared/generated/wire-types';
import { NotificationItem } from './notification-item';
import { useNotificationActions } from './use-notifications';

/** Spec 000 §8: the panel's text when there is nothing to show. */
export const NO_NOTIFICATIONS = "You don't have any notifications at the moment. Adjust your settings to turn them on";

interface Props {
  notifications: NotificationWire[] | undefined;
  loading: boolean;
  onOpenLink: (link: string) => void;
}

export function NotificationsPanel({ notifications, loading, onOpenLink }: Props) {
  const { markRead, dismiss, dismissAll } = useNotificationActions();
  const list = notifications ?? [];
  return (
    <Box sx={{ width: { xs: '100vw', sm: 380 }, maxWidth: '100%' }} role="region" aria-label="Notifications">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Notifications
        </Typography>
        <Button size="small" onClick={() => dismissAll()} disabled={!list.length}>
          Dismiss All
        </Button>
      </Box>
      {loading && !notifications ? (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <CircularProgress size={24} aria-label="Loading" />
        </Box>
      ) : list.length ? (
        <List dense sx={{ maxHeight: 420, overflow: 'auto' }}>
          {list.map((n) => (
            <NotificationItem key={n.id} notification={n} onRead={markRead} onDismiss={dismiss} onOpen={onOpenLink} />
          ))}
        </List>
      ) : (
        <Typography sx={{ p: 3 }} color="text.secondary" data-testid="notifications-empty">
          {NO_NOTIFICATIONS}
        </Typography>
      )}
    </Box>
  );
}
