/**
 * Text typed into a server-rendered page before the app has taken it over (src/client/ssr/): the
 * browser shows it, and React keeps it on hydrating, but no change event ever reached the app, so
 * a filter typed into in that moment would filter nothing. Once the page has hydrated, each such
 * field is told to the app as the input it is (app/hydration-end.tsx).
 */

const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password', '']);

type Field = HTMLInputElement | HTMLTextAreaElement;

/** The value as the page has it, set past React's own tracking of the field's value. */
function setOwnValue(field: Field, value: string): void {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
}

/**
 * Replays the early input of the fields under `root` (those whose value is not what the server
 * wrote): the field is set back to what the server wrote (through `value`, which React tracks),
 * then to what was typed (past its tracking), and an input event goes out, which React reads as
 * a change, as it does a keystroke.
 */
export function replayEarlyInput(root: ParentNode): void {
  const fields = root.querySelectorAll<Field>('input, textarea');
  for (const field of fields) {
    if (field instanceof HTMLInputElement && !TEXT_TYPES.has(field.type)) continue;
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    field.value = field.defaultValue;
    setOwnValue(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
