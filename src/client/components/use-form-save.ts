import { useCallback, useState } from 'react';
import { useSnackbar } from 'notistack';
import type { FormSession } from '../engine/views/form-session';
import { useT } from '../i18n';

interface Options<T, W> {
  /** The call: the wire body (checked by the form's validator) in, the server's answer out. */
  send(body: W): Promise<T>;
  /** What the form shows afterwards (the answer by default; undefined keeps the values). */
  shown?(answer: T): unknown;
  onSaved?(answer: T): void;
  /** Client names sent (a page of one group); every field by default. */
  only?: readonly string[];
  /** The success message; "Saved." in the interface's language by default. */
  done?: string;
}

/**
 * Save a settings form: the client's checks first (messages at the fields), then the call; the
 * answer becomes the form's values, a refusal's messages go to their fields.
 */
export function useFormSave<T, W = unknown>(
  session: FormSession<W> | undefined,
  { send, shown, onSaved, only, done: doneMessage }: Options<T, W>,
) {
  const [saving, setSaving] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const done = doneMessage ?? t('settings.saved');
  const save = useCallback(async (): Promise<boolean> => {
    if (!session || saving) return false;
    const body = session.body(only);
    if (!body) return false;
    setSaving(true);
    try {
      const answer = await send(body);
      const next = shown ? shown(answer) : answer;
      if (next !== undefined) session.saved(next);
      else session.store.clearErrors();
      onSaved?.(answer);
      enqueueSnackbar(done, { variant: 'success' });
      return true;
    } catch (e) {
      session.failed(e);
      return false;
    } finally {
      setSaving(false);
    }
  }, [session, saving, send, shown, onSaved, only, done, enqueueSnackbar]);
  return { save, saving };
}
