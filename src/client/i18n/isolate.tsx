import type { ReactNode } from 'react';

/**
 * A phone number, e-mail, code or URL kept left to right and isolated from the text around it,
 * so "+34 971 000 999" never reads "999 000 971 34+" on a right-to-left page.
 */
export function Isolate({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** For RichText: a message's <ltr>…</ltr> (an e-mail, a code inside a sentence) isolated left to right. */
export const isolated = { ltr: (chunks: ReactNode[]) => <Isolate>{chunks}</Isolate> };

/** The class of an icon that points the way of reading (back, forward, sign out): mirrored right to left. */
export const MIRROR_IN_RTL = 'mirror-in-rtl';
