import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiFailure, errorMessages } from '../../api/errors';
import type { Confirmation } from './confirm-dialog';
import { partnerKeys } from './partners-api';

/** The message of a refused move: its detail (a 409 names the status now), else every message. */
export function moveError(error: unknown): string {
  if (error instanceof ApiFailure && error.body && typeof error.body === 'object') {
    const body = error.body as { detail?: unknown; error?: unknown };
    if (typeof body.detail === 'string') return body.detail;
    if (typeof body.error === 'string') return body.error;
  }
  return errorMessages(error).join(' ');
}

/**
 * A move asked for in a confirmation dialog: processing while the call runs, the refusal shown
 * in the dialog, and every partner list and contract read again afterwards.
 */
export function useMove() {
  const queryClient = useQueryClient();
  const [ask, setAsk] = useState<Confirmation | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = useCallback((c: Confirmation) => {
    setError(null);
    setAsk(c);
  }, []);
  const close = useCallback(() => {
    if (!busy) setAsk(null);
  }, [busy]);
  const confirm = useCallback(async () => {
    if (!ask) return;
    setBusy(true);
    setError(null);
    try {
      await ask.run();
      setAsk(null);
    } catch (e) {
      setError(moveError(e));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: partnerKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['notifications'] });
    }
  }, [ask, queryClient]);
  return { ask, busy, error, open, close, confirm };
}
