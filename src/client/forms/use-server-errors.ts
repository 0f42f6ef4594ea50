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

/** A form's server errors: the list, and each at its field where the names match. */
export function useServerErrors(): ServerErrors {
  const [state, setState] = useState<{ messages: string[]; fields: Record<string, string> }>({
    messages: [],
    fields: {},
  });
  const set = useCallback(
    (error: unknown) => setState({ messages: errorMessages(error), fields: fieldErrors(error) }),
    [],
  );
  const clear = useCallback(() => setState({ messages: [], fields: {} }), []);
  const at = (name: string) =>
    state.fields[name] ? { error: true, helperText: state.fields[name] } : { error: false };
  return { ...state, at, set, clear };
}
