import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSession } from '../../session/session';
import { EmailForm } from '../profile/email-form';
import { PasswordForm } from '../profile/password-form';
import { SettingsFrame } from '../settings/settings-frame';
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
  if (!user) return null;
  return (
    <SettingsFrame
      title="Security"
      intro="Your own sign-in: password, e-mail address, where you are signed in, and two-factor sign-in."
    >
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Card title="Two-factor sign-in">
            <TwoFactorCard />
          </Card>
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Card title="Active sessions">
            <SessionsCard />
          </Card>
        </Box>
        <Card title="Change password">
          <PasswordForm email={user.email} />
        </Card>
        <Card title="Change e-mail">
          <EmailForm current={user.email} />
        </Card>
      </Box>
    </SettingsFrame>
  );
}
