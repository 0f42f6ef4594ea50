import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { HYDRATION_STATE_ID, type HydrationState } from '../../shared/server-render';
import { toLanguage } from '../../shared/i18n/languages';
import { queryClient } from '../app/query-client';
import { loadMessages } from '../i18n/catalogues';
import { preloadChunks } from '../components/lazy-page';

/** The server's data block when it rendered this page (src/client/ssr/entry-server.tsx), else undefined. */
export function serverRendered(): HydrationState | undefined {
  const block = document.getElementById(HYDRATION_STATE_ID);
  if (!block?.textContent) return undefined;
  try {
    return JSON.parse(block.textContent) as HydrationState;
  } catch {
    return undefined;
  }
}

/**
 * What the first render needs to match the server's markup: the data the server rendered with, in
 * the query cache, the language it rendered in (English is loaded already), and the code of every
 * lazy part it rendered (the dashboard's charts as well as the page and the shell), so each hydrates
 * in the same pass instead of waiting apart for its code.
 */
export async function prepareHydration(state: HydrationState): Promise<void> {
  hydrate(queryClient, state.queries as DehydratedState);
  const language = toLanguage(state.language);
  await Promise.all([language && loadMessages(language), preloadChunks(state.chunks)]);
}
