import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessages } from '../../api/errors';
import type { MailingListWire } from '../../../shared/generated/wire-types';
import { deleteGroup } from './mailing-api';
import { useT } from '../../i18n';

/** Deleting a group asks first: its contacts go with it. */
export function RemoveGroupDialog({
  group,
  onClose,
  onDeleted,
}: {
  group: MailingListWire | null;
  onClose(): void;
  onDeleted(): void;
}) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    if (!group?.id) return;
    deleteGroup(group.id).then(
      () => {
        onClose();
        onDeleted();
      },
      (e: unknown) => setError(errorMessages(e).join(' ')),
    );
  };
  return (
    <Dialog open={group !== null} onClose={onClose} aria-labelledby="delete-group-title">
      <DialogTitle id="delete-group-title">
        {t('mailing.delete_group_question', { name: group?.name ?? '' })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('mailing.delete_group_text', { count: group?.contacts_count ?? 0 })}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('mailing.cancel')}</Button>
        <Button color="error" variant="contained" onClick={confirm}>
          {t('mailing.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
