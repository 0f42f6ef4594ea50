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
import type { MailingContactWire } from '../../../shared/generated/wire-types';
import { ContactEditor } from './contact-editor';
import { deleteContact, mailingKeys, useContacts } from './mailing-api';

const COLUMNS = ['Name', 'Job title', 'E-mail address', 'Location', 'Phone'];

/** A group's contacts, each edited in place; a new one is added at the end. */
export function ContactsTable({ group, canEdit }: { group: number; canEdit: boolean }) {
  const { data, isError } = useContacts(group, canEdit);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
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
  if (!canEdit)
    return <Alert severity="info">Reading and changing contacts needs the contacts-manager permission.</Alert>;
  if (isError) return <Alert severity="error">The contacts could not be loaded.</Alert>;
  if (!data) return <LinearProgress aria-label="Loading contacts" />;
  const editor = (contact: Partial<MailingContactWire> & { mailing_list: number }) => (
    <TableRow>
      <TableCell colSpan={COLUMNS.length + 1}>
        <ContactEditor contact={contact} onSaved={reload} onCancel={() => setEditing(null)} />
      </TableCell>
    </TableRow>
  );
  return (
    <>
      <Table size="small" aria-label="Contacts">
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c}>{c}</TableCell>
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
                    <TableCell key={COLUMNS[i]}>{v || '—'}</TableCell>
                  ))}
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      onClick={() => setEditing(c.id!)}
                      disabled={editing !== null}
                      aria-label={`Edit ${c.name}`}
                    >
                      Edit
                    </Button>
                    {confirming === c.id ? (
                      <>
                        <Button
                          size="small"
                          color="error"
                          variant="contained"
                          onClick={() => void remove(c)}
                          aria-label={`Confirm deleting ${c.name}`}
                        >
                          Delete
                        </Button>
                        <Button size="small" onClick={() => setConfirming(null)}>
                          Keep
                        </Button>
                      </>
                    ) : (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setConfirming(c.id!)}
                        disabled={editing !== null}
                        aria-label={`Delete ${c.name}`}
                      >
                        Delete
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          ))}
          {data.length === 0 && editing !== 'new' && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length + 1}>No contacts in this group yet.</TableCell>
            </TableRow>
          )}
          {editing === 'new' && editor({ mailing_list: group })}
        </TableBody>
      </Table>
      {editing === null && (
        <Button sx={{ mt: 1 }} onClick={() => setEditing('new')}>
          Add a contact
        </Button>
      )}
    </>
  );
}
