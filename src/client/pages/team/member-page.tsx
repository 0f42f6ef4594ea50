import { useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { MessageKey } from '../../../shared/i18n/messages';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { useAbilities } from '../../session/use-can';
import updateForm from '../../../shared/generated/forms/authorized-user-update';
import { authorizedUserUpdateNames } from '../../../shared/generated/name-maps';
import type { AuthorizedUserWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from '../../components/settings-frame';
import { useFormSave } from '../../components/use-form-save';
import { PermissionsCard } from './permissions-card';
import { RemoveDialog } from './remove-dialog';
import { memberName, memberStatus } from './team-api';
import { useMemberDetails, useMemberSave } from './use-team';
import { keepFocus } from '../../components/keep-focus';
import { Isolate, RichText, useT } from '../../i18n';
import { STATUS_KEYS } from './member-status';

function MemberForm({ member }: { member: AuthorizedUserWire }) {
  const changes = useMemberSave();
  const t = useT();
  const def = useMemo(() => asSection(updateForm, authorizedUserUpdateNames, { hide: ['id'] }), []);
  const [session] = useState(() => new FormSession(def, member));
  const { save, saving } = useFormSave(session, {
    send: changes.send,
    onSaved: changes.saved,
    done: t('team.user_saved'),
  });
  return (
    <>
      <DefinitionForm session={session} idPrefix="member" />
      <Button variant="contained" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
        {t(saving ? 'team.saving' : 'team.save_user')}
      </Button>
    </>
  );
}

/** "Invitation sent to …", the address isolated from a right-to-left sentence around it. */
function InvitedNotice({ email }: { email: string }) {
  const key: MessageKey = 'team.invitation_sent_to';
  return <RichText k={key} values={{ email: <Isolate>{email}</Isolate> }} />;
}

/** /addauth-users/{id}: one team member's details, access and permissions (owner only). */
export function MemberPage() {
  const id = Number(useParams().id);
  const invited = (useLocation().state as { invited?: string } | null)?.invited;
  const owner = useAbilities()?.owner ?? false;
  const { member: data, failed: isError, remove } = useMemberDetails(owner ? id : 0);
  const [removing, setRemoving] = useState(false);
  const t = useT();
  const back = { to: '/authorized-users', label: t('team.title') };
  if (!owner) {
    return (
      <SettingsFrame title={t('team.member_title')} back={back}>
        <Alert severity="info">{t('team.owner_only')}</Alert>
      </SettingsFrame>
    );
  }
  return (
    <SettingsFrame
      title={data ? memberName(data) : t('team.member_title')}
      intro={
        data && (
          <>
            <Isolate>{data.email}</Isolate> · {t(STATUS_KEYS[memberStatus(data)])}
          </>
        )
      }
      back={back}
    >
      {invited && (
        <Alert severity="success" sx={{ mb: 2 }}>
          <InvitedNotice email={invited} />
        </Alert>
      )}
      {isError && <Alert severity="error">{t('team.not_in_team')}</Alert>}
      {!data && !isError && <LinearProgress aria-label={t('team.loading_user')} />}
      {data && (
        <>
          <MemberForm key={data.id} member={data} />
          <Divider sx={{ my: 4 }} />
          <PermissionsCard userId={data.id} />
          <Divider sx={{ my: 4 }} />
          <Box>
            <Button color="error" variant="outlined" onClick={() => setRemoving(true)}>
              {t('team.remove_this_user')}
            </Button>
          </Box>
          <RemoveDialog
            name={removing ? memberName(data) : null}
            onClose={() => setRemoving(false)}
            onConfirm={() => remove(data)}
          />
        </>
      )}
    </SettingsFrame>
  );
}
