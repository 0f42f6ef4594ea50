import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/errors';
import { queryKeys } from '../api/query-keys';
import { useSession } from '../session/session';
import type { NotificationEditWire, NotificationWire } from '../../shared/generated/wire-types';

/**
 * New notifications arrive live (use-live-notifications.ts); the list is also fetched again every
 * five minutes, should the stream be unavailable (a proxy that buffers events).
 */
const POLL_MS = 300_000;
/** Every change of the list (read, dismiss, dismiss all), counted together while on their way. */
const CHANGE_KEY = ['notifications', 'change'] as const;

/**
 * Whether changes of the list overlapped since it was last settled, per query client: the changes
 * are counted there (isMutating), whichever panel made them, and a panel closed and opened again
 * while a read is on its way must know of that read as the first panel did.
 */
const overlappedIn = new WeakMap<QueryClient, boolean>();

export function useNotifications() {
  const signedIn = !!useSession();
  return useQuery({
    queryKey: queryKeys.notifications,
    queryFn: () => unwrap(api.GET('/api/notification/')),
    enabled: signedIn,
    refetchInterval: POLL_MS,
    staleTime: 15_000,
  });
}

/**
 * Read, dismiss and dismiss-all. The screen changes at once; the server's answer replaces the
 * list, and a failed sync reloads it (spec 000 §8).
 */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const key = queryKeys.notifications;
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: key }), [queryClient, key]);
  const patchLocal = (change: (list: NotificationWire[]) => NotificationWire[]) =>
    queryClient.setQueryData<NotificationWire[]>(key, (list) => (list ? change(list) : list));

  // An answer is the list as the server had it then: while another change (the next read on
  // hover, a dismissal, Dismiss All) is still on its way, it would bring back what that change
  // removed. The last of overlapping changes fetches the list anew, since answers may come back
  // out of order.
  const settle = (list: NotificationWire[]) => {
    if (queryClient.isMutating({ mutationKey: CHANGE_KEY }) > 1) {
      overlappedIn.set(queryClient, true);
    } else if (overlappedIn.get(queryClient)) {
      overlappedIn.set(queryClient, false);
      reload();
    } else {
      queryClient.setQueryData(key, list);
    }
  };

  const edit = useMutation({
    mutationKey: CHANGE_KEY,
    mutationFn: (actions: NotificationEditWire) => unwrap(api.PATCH('/api/notification/edit/', { body: actions })),
    onMutate: async (actions) => {
      await queryClient.cancelQueries({ queryKey: key });
      const read = new Set(actions.filter((a) => a.action === 'read').map((a) => a.id));
      const dismissed = new Set(actions.filter((a) => a.action === 'dismissed').map((a) => a.id));
      patchLocal((list) =>
        list.filter((n) => !dismissed.has(n.id)).map((n) => (read.has(n.id) ? { ...n, is_read: true } : n)),
      );
    },
    onSuccess: settle,
    onError: reload,
  });
  const dismissAll = useMutation({
    mutationKey: CHANGE_KEY,
    mutationFn: () => unwrap(api.POST('/api/notification/delete/')),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      patchLocal(() => []);
    },
    onSuccess: () => settle([]),
    onError: reload,
  });

  const { mutate } = edit;
  return {
    markRead: useCallback((id: number) => mutate([{ id, action: 'read' }]), [mutate]),
    dismiss: useCallback((id: number) => mutate([{ id, action: 'dismissed' }]), [mutate]),
    dismissAll: dismissAll.mutate,
  };
}
