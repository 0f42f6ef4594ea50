import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import listForm from '../../../shared/generated/forms/mailing-list';
import { mailingListNames } from '../../../shared/generated/name-maps';
import type { MailingListWire } from '../../../shared/generated/wire-types';
import { useFormSave } from '../../components/use-form-save';
import { saveGroup } from './mailing-api';
import { keepFocus } from '../../components/keep-focus';
import { useT } from '../../i18n';

interface Props {
  group: Partial<MailingListWire>;
  canEdit: boolean;
  onSaved(group: MailingListWire): void;
  onDelete?(): void;
  onCancel?(): void;
}

/** A mailing group's name and description (the engine's form of the mailing-list schema). */
export function GroupEditor({ group, canEdit, onSaved, onDelete, onCancel }: Props) {
  // Created and contacts are shown by the list; a new group has neither.
  const t = useT();
  const def = useMemo(() => asSection(listForm, mailingListNames, { hide: ['dateCreated', 'contactsCount'] }), []);
  const [session] = useState(() => new FormSession(def, group));
  const { save, saving } = useFormSave(session, {
    send: saveGroup,
    onSaved,
    done: t(group.id ? 'mailing.group_saved' : 'mailing.group_created'),
  });
  return (
    <Box>
      <DefinitionForm session={session} idPrefix={`group-${group.id ?? 'new'}`} readOnly={!canEdit} />
      {canEdit && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="contained" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
            {t(group.id ? 'mailing.save_group' : 'mailing.create_group')}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('mailing.cancel')}</Button>}
          {onDelete && (
            <Button color="error" onClick={onDelete} sx={{ ml: 'auto' }}>
              {t('mailing.delete_group')}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}
