import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { NO_NOTIFICATIONS } from '../../app/shell/notifications/notifications-panel';
import { useNotifications } from '../../app/shell/notifications/use-notifications';
import { formatNotificationDate } from '../../format/dates';

const SHOWN = 5;

export function LatestNotifications() {
  const { data } = useNotifications();
  const latest = (data ?? []).slice(0, SHOWN);
  if (!latest.length)
    return (
      <Typography color="text.secondary" variant="body2">
        {NO_NOTIFICATIONS}
      </Typography>
    );
  return (
    <List dense disablePadding>
      {latest.map((n) => (
        <ListItem key={n.id} disableGutters>
          <ListItemText
            primary={n.message}
            secondary={formatNotificationDate(n.created_at)}
            slotProps={{ primary: { sx: { fontWeight: n.is_read ? 400 : 600 } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
