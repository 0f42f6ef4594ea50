import { useEffect, useState } from 'react';
import { sections } from '../../../shared/generated/sections/index';

/**
 * Once the editor shows, fetch the other sections' code (schemas, layouts, validators) in idle
 * time, one after another, so opening a tab waits only for its data. Data still loads the first
 * time a tab opens.
 */
export function usePreloadSections(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let stopped = false;
    const idle = (fn: () => void) =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 200);
    const next = (i: number) => {
      if (stopped) return;
      if (i >= sections.length) return setDone(true);
      idle(
        () =>
          void sections[i]!.load().then(
            () => next(i + 1),
            () => next(i + 1),
          ),
      );
    };
    next(0);
    return () => {
      stopped = true;
    };
  }, []);
  return done;
}
