import type { ReactElement } from 'react';
import { textDirection } from './arrange.js';
import type { SheetWordKey } from './words.js';

/** What every part of the fact sheet's HTML writes text with: the sheet's own words, and the model's texts in their isolates. */

/** The sheet's own words in its language (words.ts). */
export type Say = (key: SheetWordKey, values?: Record<string, string>) => string;

/** A text of the model in an isolate of its own direction (arrange.ts textDirection). */
export function T({ children }: { children: string }): ReactElement {
  return <bdi dir={textDirection(children)}>{children}</bdi>;
}
