import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useAbilities } from '../../session/use-can';
import type { AuthorizedUserWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from '../../components/settings-frame';
import { InviteDialog } from './invite-dialog';
import { RemoveDialog } from './remove-dialog';
import { memberName } from './team-api';
import { useTeamList } from './use-team';
import { TeamTable } from './team-table';
import { useT } from '../../i18n';

/** /authorized-users: the owner's team, invitations, and a way to each member's details and permissions. */
export function TeamPage() {
  const owner = useAbilities()?.owner ?? false;
  const { team: data, failed: isError, remove } = useTeamList(owner);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<AuthorizedUserWire | null>(null);
  const t = useT();
  const intro = t('team.intro');
  if (!owner) {
    return (
      <SettingsFrame title={t('team.title')} back={null}>
        <Alert severity="info">{t('team.owner_only')}</Alert>
      </SettingsFrame>
    );
  }
  return (
    <SettingsFrame title={t('team.title')} intro={intro} back={null}>
      <Box sx={{ mb: 2 }}>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
          {t('team.invite_user')}
        </Button>
      </Box>
      {isError && <Alert severity="error">{t('team.team_not_loaded')}</Alert>}
      {!data && !isError && <LinearProgress aria-label={t('team.loading_team')} />}
      {data && data.length === 0 && <Alert severity="info">{t('team.empty')}</Alert>}
      {data && data.length > 0 && <TeamTable team={data} onRemove={setRemoving} />}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <RemoveDialog
        name={removing ? memberName(removing) : null}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await remove(removing);
        }}
      />
    </SettingsFrame>
  );
}
