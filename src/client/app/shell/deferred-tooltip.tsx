import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react';

/**
 * MUI's Tooltip brings Popper (popper.js): some 10 KB compressed that the shell's first paint
 * would wait for, to show a hint only on hover. Here the child paints at once and gets its tooltip
 * once the browser is idle after the first screen (its chunk then competes with nothing).
 */
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** Calls back when the main thread is idle (a short delay where requestIdleCallback is missing). */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(callback, 500);
  return () => clearTimeout(timer);
}

export function DeferredTooltip({ title, children }: { title: string; children: ReactElement }) {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  if (!ready) return children;
  return (
    <Suspense fallback={children}>
      <Tooltip title={title}>{children}</Tooltip>
    </Suspense>
  );
}
