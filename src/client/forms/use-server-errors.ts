import { useCallback, useState } from 'react';
import { errorMessages, fieldErrors } from '../api/errors';

export interface ServerErrors {
  /** Every message, flattened (shown above the form). */
  messages: string[];
  /** Field name -> message, for the fields the form has. */
  fields: Record<string, string>;
  /** Props for a TextField named `name`: error state and the message as helper text. */
  at: (name: string) => { error: boolean; helperText?: string };
  set: (error: unknown) => void;
  clear: () => void;
}

/**
 * A form's server errors: the list, and each at its field where the names match. `labels` names
 * the form's fields as it labels them, so the list above the form says "Repeat password: …"
 * where the server's field is re_password (made readable, it would say "Re password").
 */
export function useServerErrors(labels: Readonly<Record<string, string>> = {}): ServerErrors {
  // The failure itself is kept: its words are read at each render, in the labels of the moment.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const set = useCallback((error: unknown) => setFailure({ error }), []);
  const clear = useCallback(() => setFailure(null), []);
  const label = (path: readonly string[]) => (path.length === 1 ? labels[path[0]!] : undefined);
  const messages = failure ? errorMessages(failure.error, label) : [];
  const fields = failure ? fieldErrors(failure.error) : {};
  const at = (name: string) => (fields[name] ? { error: true, helperText: fields[name] } : { error: false });
  return { messages, fields, at, set, clear };
}
