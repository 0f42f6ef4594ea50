import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { MailingContactWire, MailingListWire } from '../../../shared/generated/wire-types';

export const mailingKeys = {
  groups: ['mailing', 'groups'] as const,
  contacts: (group: number) => ['mailing', 'contacts', group] as const,
};

export function useGroups() {
  return useQuery({ queryKey: mailingKeys.groups, queryFn: () => unwrap(api.GET('/api/settings/mailing-lists/', {})) });
}

export function useContacts(group: number, enabled: boolean) {
  return useQuery({
    queryKey: mailingKeys.contacts(group),
    queryFn: () => unwrap(api.GET('/api/settings/contact-lists/{id}/', { params: { path: { id: group } } })),
    enabled: enabled && group > 0,
  });
}

/** A group without an id is created, otherwise updated. */
export function saveGroup(body: MailingListWire): Promise<MailingListWire> {
  const { id, date_created: _d, contacts_count: _c, ...fields } = body;
  return typeof id === 'number' && id > 0
    ? unwrap(api.PUT('/api/settings/mailing-list/update/{id}/', { params: { path: { id } }, body: fields }))
    : unwrap(api.POST('/api/settings/mailing-list/create/', { body: fields }));
}

export const deleteGroup = (id: number) =>
  unwrap(api.DELETE('/api/settings/mailing-list/delete/{id}/', { params: { path: { id } } }));

/** A contact without an id is created, otherwise updated. */
export function saveContact(body: MailingContactWire): Promise<MailingContactWire> {
  const { id, ...fields } = body;
  return typeof id === 'number' && id > 0
    ? unwrap(api.PUT('/api/settings/contact-list/update/{id}/', { params: { path: { id } }, body: fields }))
    : unwrap(api.POST('/api/settings/contact-list/create/', { body: fields }));
}

export const deleteContact = (id: number) =>
  unwrap(api.DELETE('/api/settings/contact-list/delete/{id}/', { params: { path: { id } } }));
