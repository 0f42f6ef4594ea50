import { Fragment, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { errorMessages } from '../../api/errors';
import { Isolate, useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';
import type { MailingContactWire } from '../../../shared/generated/wire-types';
import { ContactEditor } from './contact-editor';
import { deleteContact, mailingKeys, useContacts } from './mailing-api';

const COLUMNS: readonly MessageKey[] = [
  'mailing.column_name',
  'mailing.column_title',
  'mailing.column_email',
  'mailing.column_location',
  'mailing.column_phone',
];
/** The e-mail address and the phone number keep left to right in a right-to-left page. */
const ISOLATED = new Set([2, 4]);

/** A group's contacts, each edited in place; a new one is added at the end. */
export function ContactsTable({ group, canEdit }: { group: number; canEdit: boolean }) {
  const { data, isError } = useContacts(group, canEdit);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  // The contact being edited: an id, 'new', or none.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  // The contact whose Delete was pressed once: a second press deletes.
  const [confirming, setConfirming] = useState<number | null>(null);
  const reload = () => {
    setEditing(null);
    setConfirming(null);
    void queryClient.invalidateQueries({ queryKey: mailingKeys.contacts(group) });
    void queryClient.invalidateQueries({ queryKey: mailingKeys.groups });
  };
  const remove = (c: MailingContactWire) =>
    deleteContact(c.id!).then(reload, (e: unknown) =>
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' }),
    );
  if (!canEdit) return <Alert severity="info">{t('mailing.contacts_need_permission')}</Alert>;
  if (isError) return <Alert severity="error">{t('mailing.contacts_not_loaded')}</Alert>;
  if (!data) return <LinearProgress aria-label={t('mailing.loading_contacts')} />;
  const editor = (contact: Partial<MailingContactWire> & { mailing_list: number }) => (
    <TableRow>
      <TableCell colSpan={COLUMNS.length + 1}>
        <ContactEditor contact={contact} onSaved={reload} onCancel={() => setEditing(null)} />
      </TableCell>
    </TableRow>
  );
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
                editor(c)
              ) : (
                <TableRow data-contact={c.email_address}>
                  {[c.name, c.title, c.email_address, c.location, c.phone].map((v, i) => (
                    <TableCell key={COLUMNS[i]}>{!v ? '—' : ISOLATED.has(i) ? <Isolate>{v}</Isolate> : v}</TableCell>
                  ))}
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      onClick={() => setEditing(c.id!)}
                      disabled={editing !== null}
                      aria-label={t('mailing.edit_contact', { name: c.name })}
                    >
                      {t('mailing.edit')}
                    </Button>
                    {confirming === c.id ? (
                      <>
                        <Button
                          size="small"
                          color="error"
                          variant="contained"
                          onClick={() => void remove(c)}
                          aria-label={t('mailing.confirm_delete_contact', { name: c.name })}
                        >
                          {t('mailing.delete')}
                        </Button>
                        <Button size="small" onClick={() => setConfirming(null)}>
                          {t('mailing.keep')}
                        </Button>
                      </>
                    ) : (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setConfirming(c.id!)}
                        disabled={editing !== null}
                        aria-label={t('mailing.delete_contact', { name: c.name })}
                      >
                        {t('mailing.delete')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          ))}
          {data.length === 0 && editing !== 'new' && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length + 1}>{t('mailing.no_contacts')}</TableCell>
            </TableRow>
          )}
          {editing === 'new' && editor({ mailing_list: group })}
        </TableBody>
      </Table>
      {editing === null && (
        <Button sx={{ mt: 1 }} onClick={() => setEditing('new')}>
          {t('mailing.add_a_contact')}
        </Button>
      )}
    </>
  );
}
