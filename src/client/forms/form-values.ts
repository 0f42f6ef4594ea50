import type { FormEvent } from 'react';

/** The named text values of a submitted form (uncontrolled inputs keep typing cheap). */
export function formValues(event: FormEvent<HTMLFormElement>): Record<string, string> {
  event.preventDefault();
  const out: Record<string, string> = {};
  new FormData(event.currentTarget).forEach((value, key) => {
    if (typeof value === 'string') out[key] = value;
  });
  return out;
}
