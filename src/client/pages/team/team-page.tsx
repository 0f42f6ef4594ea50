import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useAbilities } from '../../session/use-can';
import type { AuthorizedUserWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from '../settings/settings-frame';
import { InviteDialog } from './invite-dialog';
import { RemoveDialog } from './remove-dialog';
import { memberName, removeMember, teamKeys, useTeam } from './team-api';
import { TeamTable } from './team-table';

/** /authorized-users: the owner's team, invitations, and a way to each member's details and permissions. */
export function TeamPage() {
  const owner = useAbilities()?.owner ?? false;
  const { data, isError } = useTeam(owner);
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<AuthorizedUserWire | null>(null);
  const intro =
    'People who work in your account. Each sees only what you allow: the permissions and the properties you choose for them.';
  if (!owner) {
    return (
      <SettingsFrame title="Authorized users" back={null}>
        <Alert severity="info">Only the account owner manages its authorized users.</Alert>
      </SettingsFrame>
    );
  }
  return (
    <SettingsFrame title="Authorized users" intro={intro} back={null}>
      <Box sx={{ mb: 2 }}>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
          Invite a user
        </Button>
      </Box>
      {isError && <Alert severity="error">The team could not be loaded. Reload the page to try again.</Alert>}
      {!data && !isError && <LinearProgress aria-label="Loading the team" />}
      {data && data.length === 0 && <Alert severity="info">No authorized users yet. Invite the first one.</Alert>}
      {data && data.length > 0 && <TeamTable team={data} onRemove={setRemoving} />}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <RemoveDialog
        name={removing ? memberName(removing) : null}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await removeMember(removing.id);
          await queryClient.invalidateQueries({ queryKey: teamKeys.team });
        }}
      />
    </SettingsFrame>
  );
}
