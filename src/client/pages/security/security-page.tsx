import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import { useSession } from '../../session/session';
import { EmailForm, PasswordForm } from '../profile/index';
import { SettingsFrame } from '../../components/settings-frame';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /edit-securitysettings: my password, e-mail, active sessions and two-factor sign-in. */
export function SecurityPage() {
  const user = useSession()?.user;
  const t = useT();
  if (!user) return null;
  return (
    <SettingsFrame title={t('security.title')} intro={t('security.intro')}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Card title={t('security.two_factor')}>
            <TwoFactorCard />
          </Card>
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Card title={t('security.active_sessions')}>
            <SessionsCard />
          </Card>
        </Box>
        <Card title={t('security.change_password')}>
          <PasswordForm email={user.email} />
        </Card>
        <Card title={t('security.change_email')}>
          <EmailForm current={user.email} />
        </Card>
      </Box>
    </SettingsFrame>
  );
}
