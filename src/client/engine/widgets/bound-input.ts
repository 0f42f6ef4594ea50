import { useLayoutEffect, useRef, useState } from 'react';

/** A field's value outside React: read it, and hear when it changes. */
export interface ValueBinding {
  read(): unknown;
  subscribe(listener: () => void): () => void;
}

export const asText = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/**
 * A text input that React does not re-render while someone types in it: the DOM holds what is
 * typed, the store gets each change, and a change made elsewhere (a reload, a bulk copy) is
 * written into the input when it differs from what the input already means.
 */
export function useBoundInput<E extends HTMLInputElement | HTMLTextAreaElement>(
  binding: ValueBinding,
  parse: (text: string) => unknown,
) {
  const ref = useRef<E>(null);
  const [defaultValue] = useState(() => asText(binding.read()));
  useLayoutEffect(() => {
    const sync = () => {
      const el = ref.current;
      const value = binding.read();
      if (!el) return;
      const shown = parse(el.value);
      if (Object.is(shown, value) || (shown === null && value === undefined)) return;
      el.value = asText(value);
    };
    sync();
    return binding.subscribe(sync);
  }, [binding, parse]);
  return { ref, defaultValue };
}
