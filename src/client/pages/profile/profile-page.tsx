import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import { useSession } from '../../session/session';
import { DeactivateCard } from './deactivate-card';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { ProfileSummary } from './profile-summary';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 3 }} aria-label={title}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function ProfilePage() {
  const user = useSession()?.user;
  const t = useT();
  if (!user) return null;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 3 }}>
        {t('profile.title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Section title={t('profile.your_profile')}>
          <ProfileSummary user={user} />
        </Section>
        <Section title={t('profile.edit_profile')}>
          {/* Keyed by the stored values: after a save or a reload the form starts from them. */}
          <ProfileForm key={JSON.stringify(user)} user={user} />
        </Section>
        <Section title={t('profile.change_password')}>
          <PasswordForm email={user.email} />
        </Section>
        <Section title={t('profile.change_email')}>
          <EmailForm current={user.email} />
        </Section>
        <Section title={t('profile.deactivate_account')}>
          <DeactivateCard owner={user.manager === null} email={user.email} />
        </Section>
      </Box>
    </Box>
  );
}
