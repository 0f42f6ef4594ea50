import { useEffect } from 'react';
import { replayEarlyInput } from '../platform/early-input';
import { endHydration, hydratesServerPage } from '../platform/server-page';
import { HYDRATED_MARK } from '../../shared/server-render';

/**
 * Beside each route's page, inside its part of the tree: its effect runs once that part has
 * committed. After hydrating a server-rendered page, that is when the page's fields answer to
 * React (what was typed into them meanwhile is replayed) and the hydration is over.
 */
export function HydrationEnd() {
  useEffect(() => {
    if (!hydratesServerPage()) return;
    replayEarlyInput(document.getElementById('root') ?? document);
    endHydration();
    // When the app took the server's page over: what `npm run bench -- portfolio` reads.
    performance.mark(HYDRATED_MARK);
  }, []);
  return null;
}
