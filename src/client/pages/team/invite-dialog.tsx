import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import inviteForm from '../../../shared/generated/forms/authorized-user-invite';
import { authorizedUserInviteNames } from '../../../shared/generated/name-maps';
import { useFormSave } from '../../components/use-form-save';
import { useLanguage, useT } from '../../i18n';
import { useInvite } from './use-team';
import { keepFocus } from '../../components/keep-focus';

function InviteForm({ onClose }: { onClose(): void }) {
  const invite = useInvite(onClose);
  const t = useT();
  // The invitation mail and the new user's interface start in the inviter's language.
  const { language } = useLanguage();
  const def = useMemo(() => asSection(inviteForm, authorizedUserInviteNames), []);
  const [session] = useState(() => new FormSession(def, { language }));
  const { save, saving } = useFormSave(session, {
    send: invite.send,
    shown: () => undefined,
    onSaved: invite.invited,
    done: t('team.invitation_sent'),
  });
  return (
    <>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('team.invite_help')}
        </Typography>
        <DefinitionForm session={session} idPrefix="invite" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('team.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
          {t(saving ? 'team.sending' : 'team.send_invitation')}
        </Button>
      </DialogActions>
    </>
  );
}

/** Invite an authorized user: the engine's form of the invite schema, in a dialog. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="invite-title">
      <DialogTitle id="invite-title">{t('team.invite_title')}</DialogTitle>
      {open && <InviteForm onClose={onClose} />}
    </Dialog>
  );
}
