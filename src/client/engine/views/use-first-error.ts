import { useEffect, useRef } from 'react';

/**
 * When a form's messages appear (a refused save or a check before sending), the first field
 * marked invalid is scrolled to the middle of the screen and focused, so its message is where the
 * user is (issue 38 §2: a long form showed its error at the top, out of sight of the button
 * pressed); with no field to point at, the messages themselves are scrolled into view.
 */
export function useFirstError(messages: readonly string[]) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = messages.length > 0;
  useEffect(() => {
    if (!shown) return undefined;
    // After the fields have rendered their own error states.
    const frame = requestAnimationFrame(() => {
      const root = ref.current;
      if (!root) return;
      const field = root.querySelector<HTMLElement>('[aria-invalid="true"]');
      const target = field ?? root.querySelector<HTMLElement>('[role="alert"]');
      target?.scrollIntoView?.({ block: 'center' });
      field?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [shown, messages]);
  return ref;
}
