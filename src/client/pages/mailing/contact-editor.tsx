import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import contactForm from '../../../shared/generated/forms/mailing-contact';
import { mailingContactNames } from '../../../shared/generated/name-maps';
import type { MailingContactWire } from '../../../shared/generated/wire-types';
import { useFormSave } from '../../components/use-form-save';
import { saveContact } from './mailing-api';
import { keepFocus } from '../../components/keep-focus';
import { useT } from '../../i18n';

interface Props {
  /** The contact as stored, or a new one ({mailing_list} only). */
  contact: Partial<MailingContactWire> & { mailing_list: number };
  onSaved(contact: MailingContactWire): void;
  onCancel(): void;
}

/** One contact edited in place: the engine's form of the contact schema, with Save and Cancel. */
export function ContactEditor({ contact, onSaved, onCancel }: Props) {
  const t = useT();
  const def = useMemo(() => asSection(contactForm, mailingContactNames), []);
  const [session] = useState(() => new FormSession(def, contact));
  const { save, saving } = useFormSave(session, {
    send: saveContact,
    onSaved,
    done: t(contact.id ? 'mailing.contact_saved' : 'mailing.contact_added'),
  });
  const idPrefix = `contact-${contact.id ?? 'new'}`;
  return (
    <Box data-testid={idPrefix} sx={{ py: 1 }}>
      <DefinitionForm session={session} idPrefix={idPrefix} />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" size="small" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
          {t(contact.id ? 'mailing.save_contact' : 'mailing.add_contact')}
        </Button>
        <Button size="small" onClick={onCancel}>
          {t('mailing.cancel')}
        </Button>
      </Box>
    </Box>
  );
}
