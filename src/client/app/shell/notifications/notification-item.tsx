import { memo } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import CloseIcon from '@mui/icons-material/Close';
import { useFormat, useT } from '../../../i18n';
import type { NotificationWire } from '../../../../shared/generated/wire-types';

interface Props {
  notification: NotificationWire;
  onRead: (id: number) => void;
  onDismiss: (id: number) => void;
  onOpen: (link: string) => void;
}

/** One notification: hovering marks it read (spec 000 §4); the cross dismisses it. */
export const NotificationItem = memo(function NotificationItem({ notification: n, onRead, onDismiss, onOpen }: Props) {
  const fmt = useFormat();
  const t = useT();
  return (
    <ListItem
      disablePadding
      data-testid="notification"
      data-read={n.is_read ? 'true' : 'false'}
      onMouseEnter={() => !n.is_read && onRead(n.id)}
      secondaryAction={
        <Tooltip title={t('shell.notification_dismiss')}>
          <IconButton
            edge="end"
            aria-label={t('shell.notification_dismiss_label')}
            onClick={() => onDismiss(n.id)}
            size="small"
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      }
    >
      <ListItemButton onClick={() => n.link && onOpen(n.link)} sx={{ alignItems: 'flex-start', pr: 6 }}>
        <Box
          aria-hidden
          sx={{
            width: 8,
            height: 8,
            mt: 1,
            mr: 1.5,
            flexShrink: 0,
            borderRadius: '50%',
            bgcolor: n.is_read ? 'transparent' : 'primary.main',
          }}
        />
        <ListItemText
          primary={n.message}
          secondary={fmt.dateTime(n.created_at)}
          slotProps={{ primary: { sx: { fontWeight: n.is_read ? 400 : 600 }, variant: 'body2' } }}
        />
      </ListItemButton>
    </ListItem>
  );
});
