import { useCallback, useLayoutEffect, useRef } from 'react';

/** A callback whose identity never changes but which always runs the latest `fn` (memoised children keep it). */
export function useStable<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  // Before any effect or event of this render's children can call it.
  useLayoutEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}
