import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { User } from '../../../shared/generated/client-types';
import { countryName } from '../../reference/countries';
import { LANGUAGES } from '../../reference/languages';
import { formatNotificationDate } from '../../format/dates';

const ACCOUNT_TYPES: Record<User['accountType'], string> = { accommodation: 'Accommodation', to: 'Tour operator' };

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '180px minmax(0, 1fr)' },
        py: 0.75,
        gap: 1,
      }}
    >
      <Typography color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography variant="body2" data-testid={testId}>
        {value || '—'}
      </Typography>
    </Box>
  );
}

/** The profile as it is stored (what the edit form below changes). */
export function ProfileSummary({ user }: { user: User }) {
  return (
    <Box data-testid="profile-summary">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Chip label={ACCOUNT_TYPES[user.accountType]} color="primary" size="small" />
        <Chip label={user.manager === null ? 'Account owner' : 'Authorized user'} size="small" />
        {user.premiumActive && <Chip label="Premium" color="secondary" size="small" />}
        {user.genuine && <Chip label="Verified" color="success" size="small" variant="outlined" />}
      </Box>
      <Row label="Name" value={`${user.firstName} ${user.lastName}`.trim()} testId="profile-name" />
      <Row label="E-mail" value={user.email} testId="profile-email" />
      <Row label="Username" value={user.username} />
      <Row label="Phone" value={user.phone} testId="profile-phone" />
      <Row label="Job title" value={user.title} testId="profile-title" />
      <Row label="Country" value={user.country ? countryName(user.country) : ''} />
      <Row label="Language" value={LANGUAGES.find((l) => l.value === user.language)?.label ?? user.language} />
      <Row
        label="Password last changed"
        value={user.lastPasswordChange ? `${formatNotificationDate(user.lastPasswordChange)} UTC` : ''}
      />
    </Box>
  );
}
