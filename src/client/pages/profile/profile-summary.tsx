import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { User } from '../../../shared/generated/client-types';
import { useCountryName } from '../../components/property-table';
import type { MessageKey } from '../../../shared/i18n/messages';
import { englishLanguageName } from '../../reference/languages';
import { Isolate, useFormat, useT } from '../../i18n';
import { useLanguageName } from './language-names';

const ACCOUNT_TYPES: Record<User['accountType'], MessageKey> = {
  accommodation: 'profile.account_type_accommodation',
  to: 'profile.account_type_to',
};

/** One stored value; `ltr` isolates an e-mail or phone number from a right-to-left page. */
function Row({ label, value, testId, ltr }: { label: string; value: string; testId?: string; ltr?: boolean }) {
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
        {!value ? '—' : ltr ? <Isolate>{value}</Isolate> : value}
      </Typography>
    </Box>
  );
}

/** The profile as it is stored (what the edit form below changes). */
export function ProfileSummary({ user }: { user: User }) {
  const fmt = useFormat();
  const t = useT();
  const countryName = useCountryName();
  const languageName = useLanguageName();
  return (
    <Box data-testid="profile-summary">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Chip label={t(ACCOUNT_TYPES[user.accountType])} color="primary" size="small" />
        <Chip label={t(user.manager === null ? 'profile.account_owner' : 'profile.authorized_user')} size="small" />
        {user.premiumActive && <Chip label={t('profile.premium')} color="secondary" size="small" />}
        {user.genuine && <Chip label={t('profile.verified')} color="success" size="small" variant="outlined" />}
      </Box>
      <Row label={t('profile.name')} value={`${user.firstName} ${user.lastName}`.trim()} testId="profile-name" />
      <Row label={t('profile.email')} value={user.email} testId="profile-email" ltr />
      <Row label={t('profile.username')} value={user.username} ltr />
      <Row label={t('profile.phone')} value={user.phone} testId="profile-phone" ltr />
      <Row label={t('profile.job_title')} value={user.title} testId="profile-title" />
      <Row label={t('profile.country')} value={countryName(user.country)} />
      <Row
        label={t('profile.language')}
        value={user.language ? languageName(user.language, englishLanguageName(user.language)) : ''}
      />
      <Row
        label={t('profile.password_last_changed')}
        value={user.lastPasswordChange ? t('profile.utc_time', { time: fmt.dateTime(user.lastPasswordChange) }) : ''}
      />
    </Box>
  );
}
