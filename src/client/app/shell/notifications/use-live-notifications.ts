import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { unwrap } from '../../../api/errors';
import { queryKeys } from '../../../api/query-keys';
import { useSession } from '../../../session/session';

/** Waits before opening the stream again after it ended or failed: doubling, at most a minute. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

/**
 * The badge rises as things happen: one server-sent-events stream per tab
 * (GET api/notification/stream/). EventSource cannot send the token, so each opening asks for a
 * single-use ticket first; when the server ends the stream (every few minutes, or the session
 * ended) or the connection drops, a new ticket opens the next one. Every event reloads the list
 * (spec 000 §8: the list is what the server says).
 */
export function useLiveNotifications(): void {
  const token = useSession()?.token;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    let stopped = false;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait = FIRST_RETRY_MS;
    const again = () => {
      source?.close();
      source = undefined;
      if (stopped) return;
      timer = setTimeout(connect, wait);
      wait = Math.min(MAX_RETRY_MS, wait * 2);
    };
    const connect = async () => {
      try {
        const { stream } = await unwrap(api.POST('/api/notification/stream/ticket/'));
        if (stopped) return;
        source = new EventSource(stream);
        source.addEventListener('notifications', () => {
          wait = FIRST_RETRY_MS;
          void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
        });
        source.onerror = again;
      } catch {
        again();
      }
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [token, queryClient]);
}
