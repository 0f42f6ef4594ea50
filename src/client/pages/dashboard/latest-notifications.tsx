import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useNotifications } from '../../hooks/use-notifications';
import { useFormat, useT } from '../../i18n';

const SHOWN = 5;

export function LatestNotifications() {
  const { data } = useNotifications();
  const format = useFormat();
  const t = useT();
  const latest = (data ?? []).slice(0, SHOWN);
  if (!latest.length)
    return (
      <Typography color="text.secondary" variant="body2">
        {t('shell.notifications_empty')}
      </Typography>
    );
  return (
    <List dense disablePadding>
      {latest.map((n) => (
        <ListItem key={n.id} disableGutters>
          <ListItemText
            primary={n.message}
            secondary={format.dateTime(n.created_at)}
            slotProps={{ primary: { sx: { fontWeight: n.is_read ? 400 : 600 } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
