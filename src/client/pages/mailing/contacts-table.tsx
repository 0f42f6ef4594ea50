import { Fragment } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Isolate, useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';
import type { MailingContactWire } from '../../../shared/generated/wire-types';
import { ContactEditor } from './contact-editor';
import { useGroupContacts } from './use-mailing';

const COLUMNS: readonly MessageKey[] = [
  'mailing.column_name',
  'mailing.column_title',
  'mailing.column_email',
  'mailing.column_location',
  'mailing.column_phone',
];
/** The e-mail address and the phone number keep left to right in a right-to-left page. */
const ISOLATED = new Set([2, 4]);

type Contacts = ReturnType<typeof useGroupContacts>;

/** A contact's Delete: pressed once it asks again (Delete or Keep). */
function DeleteButtons({ c, contacts }: { c: MailingContactWire; contacts: Contacts }) {
  const t = useT();
  return contacts.confirming === c.id ? (
    <>
      <Button
        size="small"
        color="error"
        variant="contained"
        onClick={() => void contacts.remove(c)}
        aria-label={t('mailing.confirm_delete_contact', { name: c.name })}
      >
        {t('mailing.delete')}
      </Button>
      <Button size="small" onClick={() => contacts.setConfirming(null)}>
        {t('mailing.keep')}
      </Button>
    </>
  ) : (
    <Button
      size="small"
      color="error"
      onClick={() => contacts.setConfirming(c.id!)}
      disabled={contacts.editing !== null}
      aria-label={t('mailing.delete_contact', { name: c.name })}
    >
      {t('mailing.delete')}
    </Button>
  );
}

function ContactRow({ c, contacts }: { c: MailingContactWire; contacts: Contacts }) {
  const t = useT();
  return (
    <TableRow data-contact={c.email_address}>
      {[c.name, c.title, c.email_address, c.location, c.phone].map((v, i) => (
        <TableCell key={COLUMNS[i]}>{!v ? '—' : ISOLATED.has(i) ? <Isolate>{v}</Isolate> : v}</TableCell>
      ))}
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Button
          size="small"
          onClick={() => contacts.setEditing(c.id!)}
          disabled={contacts.editing !== null}
          aria-label={t('mailing.edit_contact', { name: c.name })}
        >
          {t('mailing.edit')}
        </Button>
        <DeleteButtons c={c} contacts={contacts} />
      </TableCell>
    </TableRow>
  );
}

function EditorRow({
  contact,
  contacts,
}: {
  contact: Partial<MailingContactWire> & { mailing_list: number };
  contacts: Contacts;
}) {
  return (
    <TableRow>
      <TableCell colSpan={COLUMNS.length + 1}>
        <ContactEditor contact={contact} onSaved={contacts.reload} onCancel={() => contacts.setEditing(null)} />
      </TableCell>
    </TableRow>
  );
}

/** A group's contacts, each edited in place; a new one is added at the end. */
export function ContactsTable({ group, canEdit }: { group: number; canEdit: boolean }) {
  const contacts = useGroupContacts(group, canEdit);
  const { contacts: data, editing } = contacts;
  const t = useT();
  if (!canEdit) return <Alert severity="info">{t('mailing.contacts_need_permission')}</Alert>;
  if (contacts.failed) return <Alert severity="error">{t('mailing.contacts_not_loaded')}</Alert>;
  if (!data) return <LinearProgress aria-label={t('mailing.loading_contacts')} />;
  return (
    <>
      <Table size="small" aria-label={t('mailing.contacts')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c}>{t(c)}</TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((c) => (
            <Fragment key={c.id}>
              {editing === c.id ? (
                <EditorRow contact={c} contacts={contacts} />
              ) : (
                <ContactRow c={c} contacts={contacts} />
              )}
            </Fragment>
          ))}
          {data.length === 0 && editing !== 'new' && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length + 1}>{t('mailing.no_contacts')}</TableCell>
            </TableRow>
          )}
          {editing === 'new' && <EditorRow contact={{ mailing_list: group }} contacts={contacts} />}
        </TableBody>
      </Table>
      {editing === null && (
        <Button sx={{ mt: 1 }} onClick={() => contacts.setEditing('new')}>
          {t('mailing.add_a_contact')}
        </Button>
      )}
    </>
  );
}
