import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { NotificationWire } from '../../../../shared/generated/wire-types';
import { NotificationItem } from './notification-item';
import { useNotificationActions } from '../../../hooks/use-notifications';
import { useT } from '../../../i18n';

interface Props {
  notifications: NotificationWire[] | undefined;
  loading: boolean;
  onOpenLink: (link: string) => void;
}

export function NotificationsPanel({ notifications, loading, onOpenLink }: Props) {
  const { markRead, dismiss, dismissAll } = useNotificationActions();
  const list = notifications ?? [];
  const t = useT();
  return (
    <Box sx={{ width: { xs: '100vw', sm: 380 }, maxWidth: '100%' }} role="region" aria-label={t('shell.notifications')}>
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
          {t('shell.notifications')}
        </Typography>
        <Button size="small" onClick={() => dismissAll()} disabled={!list.length}>
          {t('shell.notifications_dismiss_all')}
        </Button>
      </Box>
      {loading && !notifications ? (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <CircularProgress size={24} aria-label={t('common.loading')} />
        </Box>
      ) : list.length ? (
        <List dense sx={{ maxHeight: 420, overflow: 'auto' }}>
          {list.map((n) => (
            <NotificationItem key={n.id} notification={n} onRead={markRead} onDismiss={dismiss} onOpen={onOpenLink} />
          ))}
        </List>
      ) : (
        <Typography sx={{ p: 3 }} color="text.secondary" data-testid="notifications-empty">
          {t('shell.notifications_empty')}
        </Typography>
      )}
    </Box>
  );
}
