import type { MouseEvent } from 'react';

/**
 * For a form's save button (onMouseDown): pressing it leaves the focus in the field being typed
 * in. Otherwise that field's blur check shows its message, the button moves down between press
 * and release, and the click is lost; the save checks every field anyway.
 */
export const keepFocus = (event: MouseEvent): void => event.preventDefault();
