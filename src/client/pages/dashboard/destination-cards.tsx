import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { MENU_ICONS } from '../../app/shell/menu-icons';
import type { MenuItem } from '../../app/shell/menu-items';
import { useMenu } from '../../session/use-menu';
import { useT } from '../../i18n';
import { DESTINATION_TEXT } from './destinations';

/** The user's menu destinations (the same rules as the side menu), as cards; a disabled one says why. */
export function DestinationCards() {
  const items = useMenu().filter(
    (i): i is MenuItem & { key: keyof typeof DESTINATION_TEXT } => i.key !== 'dashboard' && !i.beyondSpec,
  );
  const t = useT();
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
      data-testid="destination-cards"
    >
      {items.map((item) => (
        <Card key={item.key} variant="outlined">
          {item.disabled ? (
            <CardContent aria-disabled data-disabled-reason={t(item.disabled)} sx={{ opacity: 0.7 }}>
              <Box sx={{ color: 'text.disabled', mb: 1 }}>{MENU_ICONS[item.key]}</Box>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {t(item.label)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(item.disabled)}
              </Typography>
            </CardContent>
          ) : (
            <CardActionArea component={RouterLink} to={item.route} sx={{ height: '100%' }}>
              <CardContent>
                <Box sx={{ color: 'primary.main', mb: 1 }}>{MENU_ICONS[item.key]}</Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {t(item.label)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(DESTINATION_TEXT[item.key])}
                </Typography>
              </CardContent>
            </CardActionArea>
          )}
        </Card>
      ))}
    </Box>
  );
}
