import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { MENU_ICONS } from '../../components/menu-icons';
import type { MenuItem } from '../../session/menu-items';
import { useMenu } from '../../session/use-menu';
import { useT } from '../../i18n';
import { DESTINATION_TEXT } from './destinations';

/**
 * On a phone a destination is a compact tile (icon beside the name, two a row, no description):
 * ten full cards pushed everything else a screen and more down. Wider, the cards say what each is.
 */
const COMPACT = {
  display: 'flex',
  flexDirection: { xs: 'row', sm: 'column' },
  alignItems: { xs: 'center', sm: 'stretch' },
  height: { xs: '100%', sm: 'auto' },
  gap: { xs: 1, sm: 0 },
  p: { xs: 1.5, sm: 2 },
  '&:last-child': { pb: { xs: 1.5, sm: 3 } },
} as const;

/** The user's menu destinations (the same rules as the side menu), as cards; a disabled one says why. */
export function DestinationCards() {
  const items = useMenu().filter(
    (i): i is MenuItem & { key: keyof typeof DESTINATION_TEXT } => i.key !== 'dashboard' && !i.beyondSpec,
  );
  const t = useT();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
      }}
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
              {/* Why it is closed stays on a phone too: it is what the card is there to say. */}
              <Typography variant="body2" color="text.secondary">
                {t(item.disabled)}
              </Typography>
            </CardContent>
          ) : (
            <CardActionArea component={RouterLink} to={item.route} sx={{ height: '100%' }}>
              <CardContent sx={COMPACT}>
                <Box sx={{ color: 'primary.main', mb: { sm: 1 }, display: 'flex' }}>{MENU_ICONS[item.key]}</Box>
                <Box sx={{ minWidth: 0 }}>
                  <Typography
                    variant="subtitle1"
                    component="h3"
                    sx={{ fontWeight: 600, lineHeight: { xs: 1.3, sm: 1.75 }, overflowWrap: 'anywhere' }}
                  >
                    {t(item.label)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                    {t(DESTINATION_TEXT[item.key])}
                  </Typography>
                </Box>
              </CardContent>
            </CardActionArea>
          )}
        </Card>
      ))}
    </Box>
  );
}
