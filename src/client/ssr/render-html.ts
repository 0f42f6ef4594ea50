import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';

/**
 * A part written apart from its place: React then moves it in with an inline script (which the
 * portal's CSP refuses), or leaves it to the client.
 */
const PART_APART = /<!--\$[?!]-->/;

/**
 * The tree's HTML with every part in place: the page as the browser will hydrate it. A prerender
 * waits for every lazy part (a page's or the shell's chunk). React writes a boundary larger than
 * `progressiveChunkSize` apart from its place, to stream it later; here nothing streams, so no
 * size is too large. null: a part came out apart all the same (not a page to send).
 */
export async function renderHtml(tree: ReactNode): Promise<string | null> {
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(tree, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      failure ??= error;
    },
  });
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  // An error below a boundary would leave that part to the client: not a page to send.
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return PART_APART.test(html) ? null : html;
}
