import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import { useAbilities } from '../../session/use-can';
import { SettingsFrame } from '../../components/settings-frame';
import { settingsLinksFor } from './settings-links';

/** /user-settings: every settings page, grouped, as cards. */
export function SettingsHubPage() {
  const abilities = useAbilities();
  const t = useT();
  if (!abilities) return null;
  return (
    <SettingsFrame title={t('settings.title')} intro={t('settings.hub_intro')} back={null}>
      {settingsLinksFor(abilities).map((group) => (
        <Box component="section" aria-label={t(group.title)} key={group.title} sx={{ mb: 4 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {t(group.title)}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
            {group.links.map((link) => (
              <Card key={link.route} variant="outlined">
                <CardActionArea component={RouterLink} to={link.route} sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                      {t(link.title)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(link.text)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            ))}
          </Box>
        </Box>
      ))}
    </SettingsFrame>
  );
}
